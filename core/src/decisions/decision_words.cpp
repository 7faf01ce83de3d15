// How a 校勘記 words the editor's judgement: a policy's sentence in the
// 凡例, a decision's short name.
#include "jiaozhu/decisions.h"

namespace jiaozhu {
namespace {

// What a 凡例 calls the differences of each class.
std::string_view class_words(VariantClass c) {
  switch (c) {
    case VariantClass::kScript: return "繁簡字";
    case VariantClass::kConversion: return "繁簡轉換之誤";
    case VariantClass::kGlyph: return "異體字";
    case VariantClass::kPlaceholder: return "闕字符號";
    case VariantClass::kPunct: return "標點";
    case VariantClass::kPinyin: return "拼音";
    case VariantClass::kBreak: return "分段";
    case VariantClass::kEditorial: return "編者所加之題序、署名";
    case VariantClass::kSubstantive: break;
  }
  return "異文";
}

}  // namespace

std::string policy_sentence(const Policy& p) {
  const std::string who = p.witness_uuid.empty() ? "" : "僅" + (p.witness.empty() ? std::string("某") : p.witness) + "本之";
  return who + std::string(class_words(p.variant_class)) + (p.action == DecisionAction::kOmit ? "，不出校。" : "，皆出校。");
}

std::string decision_label(const Decision& d) {
  if (!d.action) return "撤銷";
  switch (*d.action) {
    case DecisionAction::kOmit: return "不出校";
    case DecisionAction::kRecord: return "出校";
    case DecisionAction::kAdopt: return "據" + (d.witness.empty() ? std::string("某") : d.witness) + "本改";
    case DecisionAction::kEmend: return "改作「" + d.reading.value_or("") + "」（" + d.reason + "）";
    case DecisionAction::kDoubt: return "存疑";
  }
  return "";
}

}  // namespace jiaozhu
