#include "craft/tune/rewrite.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace akgen::craft {

KnobSetting ProgramSetting(const std::vector<Knob>& knobs) {
  KnobSetting setting;
  for (const Knob& knob : knobs) setting.push_back(knob.programIndex);
  return setting;
}

std::string DescribeSetting(const std::vector<Knob>& knobs, const KnobSetting& setting) {
  std::string text;
  for (size_t i = 0; i < knobs.size(); ++i)
    text += (i ? ", " : "") + knobs[i].label + "=" + KnobValueText(knobs[i], knobs[i].values.at(setting.at(i)));
  return text;
}

std::string RewriteProgram(const std::string& source, const std::vector<Knob>& knobs, const KnobSetting& setting) {
  if (setting.size() != knobs.size()) throw std::invalid_argument("a knob setting needs one value per knob");
  // From the last span to the first, so each replacement leaves the offsets before it valid.
  std::vector<size_t> order(knobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return knobs[a].span.offset > knobs[b].span.offset; });
  std::string rewritten = source;
  for (size_t i : order) {
    const Knob& knob = knobs[i];
    if (knob.programIndex == setting[i]) continue;
    rewritten.replace(knob.span.offset, knob.span.length, KnobText(knob, knob.values.at(setting[i])));
  }
  return rewritten;
}

}  // namespace akgen::craft
