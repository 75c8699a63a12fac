// The SVG charts of the balance report, written by hand: no plotting library needed.
#include "sim/svg_plot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

#include "core/text.h"

namespace savanna::svg {
namespace {

constexpr std::array<const char*, 8> kPalette = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                                 "#56B4E9", "#D55E00", "#F0E442", "#000000"};
constexpr int kWidth = 760;
constexpr int kMinLabelWidth = 120;
constexpr int kPlotWidth = 470;
constexpr int kRowHeight = 22;
constexpr int kTop = 40;

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string Colour(int index) { return kPalette[size_t(index) % kPalette.size()]; }

std::string Header(int width, int height, const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
         "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) +
         " " + std::to_string(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
         "fill=\"white\"/>\n<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">" +
         EscapeXml(title) + "</text>\n";
}

// Tick values for an axis from lo to hi: about five round numbers.
std::vector<double> Ticks(double lo, double hi) {
  const double span = hi - lo;
  if (span <= 0) return {lo};
  const double raw = span / 5;
  const double magnitude = std::pow(10, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * magnitude) {
      step = m * magnitude;
      break;
    }
  std::vector<double> ticks;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
    ticks.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
  return ticks;
}

// An upper estimate of the width in pixels of `text` in a sans-serif font of `size` pixels
// (Helvetica/Arial/DejaVu proportions, rounded up), so that a column sized by it holds the text.
double TextWidth(const std::string& text, double size) {
  double em = 0;
  for (unsigned char c : text) {
    if (c >= 0x80) {
      em += (c & 0xC0) == 0x80 ? 0.0 : 1.0;  // a UTF-8 character: one wide glyph
    } else if (std::string_view("il.,:;'|!").find(char(c)) != std::string_view::npos) {
      em += 0.33;
    } else if (std::string_view("fjrt()[]{} -").find(char(c)) != std::string_view::npos) {
      em += 0.45;
    } else if (c == 'M' || c == 'W' || c == 'm' || c == 'w' || c == '%' || c == '@') {
      em += 1.0;
    } else if (c >= 'A' && c <= 'Z') {
      em += 0.78;
    } else {
      em += 0.64;  // lower-case letters, digits, '=' and the rest
    }
  }
  return em * size;
}

std::string TickLabel(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// A tick label of a share: "35%".
std::string PercentLabel(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g%%", std::round(v * 1000) / 10);
  return buf;
}

// Lines of text, the first at baseline `y`, each `step` below the last, all at `x`.
std::string TextLines(double x, double y, const std::vector<std::string>& lines, double step,
                      const std::string& attributes) {
  std::string s = "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\"" + attributes + ">";
  for (size_t k = 0; k < lines.size(); ++k)
    s += "<tspan x=\"" + Num(x) + "\"" + (k ? " dy=\"" + Num(step) + "\"" : std::string()) + ">" +
         EscapeXml(lines[k]) + "</tspan>";
  return s + "</text>\n";
}

// A centred label's x, moved inward so that all of its `width` stays within the drawing.
double Inside(double x, double width, double drawing) {
  return std::clamp(x, width / 2 + 2, drawing - width / 2 - 2);
}

}  // namespace

std::vector<std::string> WrapText(const std::string& text, double size, double width) {
  std::vector<std::string> lines;
  std::string line;
  size_t last_break = std::string::npos;  // in `line`: the length to keep when breaking there
  for (size_t i = 0; i < text.size();) {
    // One UTF-8 character at a time.
    size_t len = 1;
    while (i + len < text.size() && (static_cast<unsigned char>(text[i + len]) & 0xC0) == 0x80)
      ++len;
    const std::string ch = text.substr(i, len);
    i += len;
    if (!line.empty() && TextWidth(line + ch, size) > width && ch != " ") {
      const size_t keep = last_break != std::string::npos ? last_break : line.size();
      std::string rest = line.substr(keep);
      line.resize(keep);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(line);
      while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
      line = rest;
      last_break = std::string::npos;
    }
    line += ch;
    if (ch == " " || ch == "," || ch == "(" || ch == "=") last_break = line.size();
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

std::string SkillChart(const std::string& title, const std::vector<std::string>& rungs,
                       const std::vector<double>& x, const std::string& x_label,
                       const std::vector<SkillPanel>& panels) {
  constexpr int kLeft = 50, kRight = kChartWidth - 16, kPanelHeight = 90, kLine = 15;
  std::string body;
  double y = 22;
  for (const std::string& line : WrapText(title, 14, kChartWidth - 20)) {
    body += TextLines(10, y, {line}, 0, " font-size=\"14\" font-weight=\"bold\"");
    y += 18;
  }
  double x_lo = x.empty() ? 0 : *std::min_element(x.begin(), x.end());
  double x_hi = x.empty() ? 1 : *std::max_element(x.begin(), x.end());
  if (x_hi <= x_lo) {
    x_lo -= 1;
    x_hi += 1;
  }
  const double pad = (x_hi - x_lo) * 0.06;
  x_lo -= pad;
  x_hi += pad;
  auto px = [&](double v) { return kLeft + (v - x_lo) / (x_hi - x_lo) * (kRight - kLeft); };
  for (const SkillPanel& panel : panels) {
    y += 8;
    const std::vector<std::string> heading = WrapText(panel.title, 12, kChartWidth - 20);
    body += TextLines(10, y + 4, heading, kLine, " font-weight=\"bold\"");
    y += 4 + kLine * double(heading.size());
    // The legend, when there are several series: swatch and name, wrapped into rows.
    if (panel.series.size() > 1) {
      double lx = 10;
      for (const SkillSeries& series : panel.series) {
        const double w = 14 + TextWidth(series.name, 12) + 12;
        if (lx + w > kChartWidth - 6 && lx > 10) {
          lx = 10;
          y += kLine;
        }
        body += "<rect x=\"" + Num(lx) + "\" y=\"" + Num(y - 9) +
                "\" width=\"10\" height=\"10\" fill=\"" + Colour(series.colour) + "\"/>";
        body += TextLines(lx + 14, y, {series.name}, 0, "");
        lx += w;
      }
      y += kLine;
    }
    const double top = y, bottom = y + kPanelHeight;
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (const SkillSeries& series : panel.series)
      for (size_t r = 0; r < series.value.size(); ++r) {
        lo = std::min(lo, series.low[r]);
        hi = std::max(hi, series.high[r]);
      }
    if (panel.reference) {
      lo = std::min(lo, *panel.reference);
      hi = std::max(hi, *panel.reference);
    }
    if (!(hi > lo)) {
      const double half = std::isfinite(lo) ? std::max(std::abs(lo) * 0.1, 0.01) : 1;
      lo = std::isfinite(lo) ? lo - half : 0;
      hi = std::isfinite(hi) ? hi + half : 1;
    }
    const double margin = (hi - lo) * 0.08;
    lo -= margin;
    hi += margin;
    auto py = [&](double v) { return bottom - (v - lo) / (hi - lo) * kPanelHeight; };
    body += "<rect x=\"" + std::to_string(kLeft) + "\" y=\"" + Num(top) + "\" width=\"" +
            std::to_string(kRight - kLeft) + "\" height=\"" + std::to_string(kPanelHeight) +
            "\" fill=\"none\" stroke=\"#bbb\"/>\n";
    for (double t : Ticks(lo, hi)) {
      if (t < lo || t > hi) continue;
      body += "<line x1=\"" + std::to_string(kLeft) + "\" y1=\"" + Num(py(t)) + "\" x2=\"" +
              std::to_string(kRight) + "\" y2=\"" + Num(py(t)) + "\" stroke=\"#eee\"/>";
      body += TextLines(kLeft - 4, py(t) + 4, {panel.percent ? PercentLabel(t) : TickLabel(t)}, 0,
                        " text-anchor=\"end\"");
    }
    for (double v : x)
      body += "<line x1=\"" + Num(px(v)) + "\" y1=\"" + Num(top) + "\" x2=\"" + Num(px(v)) +
              "\" y2=\"" + Num(bottom) + "\" stroke=\"#e4e4e4\"/>";
    if (panel.reference)
      body += "<line x1=\"" + std::to_string(kLeft) + "\" y1=\"" + Num(py(*panel.reference)) +
              "\" x2=\"" + std::to_string(kRight) + "\" y2=\"" + Num(py(*panel.reference)) +
              "\" stroke=\"#555\" stroke-dasharray=\"4,3\"/>\n";
    const double count = double(panel.series.size());
    for (size_t k = 0; k < panel.series.size(); ++k) {
      const SkillSeries& series = panel.series[k];
      const std::string colour = Colour(series.colour);
      const double dx = (double(k) - (count - 1) / 2) * 3;  // the series side by side
      std::string points;
      for (size_t r = 0; r < series.value.size() && r < x.size(); ++r)
        points += Num(px(x[r]) + dx) + "," + Num(py(series.value[r])) + " ";
      body += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + colour +
              "\" stroke-width=\"1.5\"/>\n";
      for (size_t r = 0; r < series.value.size() && r < x.size(); ++r) {
        const double cx = px(x[r]) + dx;
        body += "<line x1=\"" + Num(cx) + "\" y1=\"" + Num(py(series.low[r])) + "\" x2=\"" +
                Num(cx) + "\" y2=\"" + Num(py(series.high[r])) + "\" stroke=\"" + colour +
                "\" stroke-width=\"2\"/>";
        body += "<circle cx=\"" + Num(cx) + "\" cy=\"" + Num(py(series.value[r])) +
                "\" r=\"3.5\" fill=\"" + colour + "\"><title>" +
                EscapeXml(series.name + " at " + (r < rungs.size() ? rungs[r] : "") + ": ") +
                TickLabel(series.value[r]) + " [" + TickLabel(series.low[r]) + ", " +
                TickLabel(series.high[r]) + "]</title></circle>\n";
      }
    }
    y = bottom;
  }
  // The shared x axis: its numbers, the rungs' names in rows so that none overlaps the next, and
  // its label.
  y += 15;
  for (double t : Ticks(x_lo, x_hi)) {
    const std::string label = TickLabel(t);
    body += TextLines(Inside(px(t), TextWidth(label, 12), kChartWidth), y, {label}, 0,
                      " text-anchor=\"middle\" fill=\"#555\"");
  }
  std::vector<double> row_end;  // per row, the right end of its last name
  std::vector<size_t> order(rungs.size());
  for (size_t r = 0; r < order.size(); ++r) order[r] = r;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return x[a] < x[b]; });
  const double names_top = y + 17;
  for (size_t r : order) {
    const double w = TextWidth(rungs[r], 12);
    const double cx = Inside(px(x[r]), w, kChartWidth);
    size_t row = 0;
    while (row < row_end.size() && cx - w / 2 < row_end[row] + 6) ++row;
    if (row == row_end.size()) row_end.push_back(0);
    row_end[row] = cx + w / 2;
    body += TextLines(cx, names_top + kLine * double(row), {rungs[r]}, 0,
                      " text-anchor=\"middle\" font-weight=\"bold\"");
  }
  y = names_top + kLine * double(std::max<size_t>(1, row_end.size())) + 4;
  const std::vector<std::string> label = WrapText(x_label, 12, kChartWidth - 20);
  body += TextLines(kChartWidth / 2.0, y, label, kLine, " text-anchor=\"middle\"");
  y += kLine * double(label.size());
  const int height = int(std::ceil(y));
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kChartWidth) +
         "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
         std::to_string(kChartWidth) + " " + std::to_string(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
         "fill=\"white\"/>\n" +
         body + "</svg>\n";
}

std::string IntervalChart(const std::string& title, const std::vector<IntervalRow>& rows,
                          double x_min, double x_max, const std::string& x_label) {
  if (x_max <= x_min) x_max = x_min + 1;
  const int plot_height = int(rows.size()) * kRowHeight;
  const int height = kTop + plot_height + 50;
  // The label column is as wide as the longest label, so that no label is cut off; the drawing
  // as wide as the column, the plot and the title need.
  double longest = 0;
  for (const IntervalRow& r : rows) longest = std::max(longest, TextWidth(r.label, 12));
  const int label_width = std::max(kMinLabelWidth, int(std::ceil(longest)) + 18);
  const int width =
      std::max(label_width + kPlotWidth + 30, int(std::ceil(TextWidth(title, 15) * 1.1)) + 20);
  auto x = [&](double v) {
    return label_width + (std::clamp(v, x_min, x_max) - x_min) / (x_max - x_min) * kPlotWidth;
  };
  std::string s = Header(width, height, title);
  const int axis_y = kTop + plot_height + 5;
  for (double t : Ticks(x_min, x_max)) {
    s += "<line x1=\"" + Num(x(t)) + "\" y1=\"" + std::to_string(kTop - 5) + "\" x2=\"" +
         Num(x(t)) + "\" y2=\"" + std::to_string(axis_y) + "\" stroke=\"#ddd\"/>\n";
    s += "<text x=\"" + Num(x(t)) + "\" y=\"" + std::to_string(axis_y + 15) +
         "\" text-anchor=\"middle\">" + TickLabel(t) + "</text>\n";
  }
  s += "<text x=\"" + Num(label_width + kPlotWidth / 2.0) + "\" y=\"" +
       std::to_string(axis_y + 35) + "\" text-anchor=\"middle\">" + EscapeXml(x_label) +
       "</text>\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const IntervalRow& r = rows[i];
    const double y = kTop + kRowHeight * (double(i) + 0.5);
    const std::string colour = Colour(r.colour);
    s += "<text x=\"" + std::to_string(label_width - 8) + "\" y=\"" + Num(y + 4) +
         "\" text-anchor=\"end\">" + EscapeXml(r.label) + "</text>\n";
    if (r.reference)
      s += "<line x1=\"" + Num(x(*r.reference)) + "\" y1=\"" + Num(y - 9) + "\" x2=\"" +
           Num(x(*r.reference)) + "\" y2=\"" + Num(y + 9) +
           "\" stroke=\"#555\" stroke-dasharray=\"3,2\"/>\n";
    s += "<line x1=\"" + Num(x(r.low)) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(x(r.high)) +
         "\" y2=\"" + Num(y) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"/>\n";
    s += "<circle cx=\"" + Num(x(r.value)) + "\" cy=\"" + Num(y) + "\" r=\"4\" fill=\"" + colour +
         "\"><title>" + EscapeXml(r.label) + ": " + TickLabel(r.value) + " [" + TickLabel(r.low) +
         ", " + TickLabel(r.high) + "]</title></circle>\n";
  }
  return s + "</svg>\n";
}

std::string Histograms(const std::string& title, const std::vector<HistogramPanel>& panels,
                       const std::string& x_label) {
  constexpr int kGap = 50, kHistogramPlotWidth = 540, kLegendRow = 14;
  // A panel is 120 high, or taller where its legend (a row per series) needs it.
  size_t most_series = 0;
  for (const HistogramPanel& panel : panels)
    most_series = std::max(most_series, panel.series.size());
  const int panel_height = std::max(120, kLegendRow * int(most_series) + 10);
  const int height = kTop + int(panels.size()) * (panel_height + kGap) + 10;
  // The legend (each series' name) stands right of the plot, as wide as its longest name; the
  // drawing as wide as the plot, the legend, the panels' titles and the title need.
  double legend = 0, panel_title = 0;
  for (const HistogramPanel& panel : panels) {
    panel_title = std::max(panel_title, TextWidth(panel.title, 12) * 1.1);  // bold
    for (const HistogramSeries& series : panel.series)
      legend = std::max(legend, TextWidth(series.name, 12));
  }
  const int left = 60, width = kHistogramPlotWidth;
  const int legend_x = left + width + 15;
  const int total_width = std::max({kWidth, legend_x + 15 + int(std::ceil(legend)) + 10,
                                    left + int(std::ceil(panel_title)) + 10,
                                    int(std::ceil(TextWidth(title, 15) * 1.1)) + 20});
  std::string s = Header(total_width, height, title);
  for (size_t p = 0; p < panels.size(); ++p) {
    const HistogramPanel& panel = panels[p];
    const int top = kTop + int(p) * (panel_height + kGap);
    const int bottom = top + panel_height;
    double lo = 0, hi = 0, peak = 0;
    bool first = true;
    for (const HistogramSeries& series : panel.series) {
      const Distribution& d = series.distribution;
      if (d.counts.empty()) continue;
      const double end = d.min + d.bin_width * double(d.counts.size());
      lo = first ? d.min : std::min(lo, d.min);
      hi = first ? end : std::max(hi, end);
      first = false;
      double total = 0;
      for (int64_t c : d.counts) total += double(c);
      for (int64_t c : d.counts) peak = std::max(peak, double(c) / total);
    }
    if (hi <= lo) hi = lo + 1;
    if (peak <= 0) peak = 1;
    auto x = [&](double v) { return left + (v - lo) / (hi - lo) * width; };
    s += "<text x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(top - 6) +
         "\" font-weight=\"bold\">" + EscapeXml(panel.title) + "</text>\n";
    s += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(bottom) + "\" x2=\"" +
         std::to_string(left + width) + "\" y2=\"" + std::to_string(bottom) +
         "\" stroke=\"#333\"/>\n";
    for (double t : Ticks(lo, hi))
      s += "<text x=\"" + Num(x(t)) + "\" y=\"" + std::to_string(bottom + 14) +
           "\" text-anchor=\"middle\">" + TickLabel(t) + "</text>\n";
    for (size_t k = 0; k < panel.series.size(); ++k) {
      const Distribution& d = panel.series[k].distribution;
      double total = 0;
      for (int64_t c : d.counts) total += double(c);
      for (size_t b = 0; b < d.counts.size(); ++b) {
        if (d.counts[b] == 0) continue;
        const double f = double(d.counts[b]) / total;
        const double h = f / peak * (panel_height - 10);
        const double x0 = x(d.min + d.bin_width * double(b));
        const double x1 = x(d.min + d.bin_width * double(b + 1));
        s += "<rect x=\"" + Num(x0) + "\" y=\"" + Num(bottom - h) + "\" width=\"" +
             Num(std::max(1.0, x1 - x0 - 1)) + "\" height=\"" + Num(h) + "\" fill=\"" +
             Colour(int(k)) + "\" fill-opacity=\"0.55\"/>\n";
      }
      s += "<rect x=\"" + std::to_string(legend_x) + "\" y=\"" +
           std::to_string(top + 4 + kLegendRow * int(k)) + "\" width=\"10\" height=\"10\" fill=\"" +
           Colour(int(k)) + "\"/><text x=\"" + std::to_string(legend_x + 15) + "\" y=\"" +
           std::to_string(top + 13 + kLegendRow * int(k)) + "\">" +
           EscapeXml(panel.series[k].name) + "</text>\n";
    }
  }
  s += "<text x=\"" + std::to_string(left + width / 2) + "\" y=\"" + std::to_string(height - 4) +
       "\" text-anchor=\"middle\">" + EscapeXml(x_label) + "</text>\n";
  return s + "</svg>\n";
}

}  // namespace savanna::svg
