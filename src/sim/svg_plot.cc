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

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string Colour(int index) { return kPalette[size_t(index) % kPalette.size()]; }

// The opening of a chart kChartWidth wide and `height` high: white, sans-serif text of 12 pixels.
std::string Header(int height) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kChartWidth) +
         "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
         std::to_string(kChartWidth) + " " + std::to_string(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
         "fill=\"white\"/>\n";
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

std::vector<std::string> WrapLines(const std::string& text, double size, double width);

// The chart's title in bold 14-pixel lines at the top; returns the y below it.
double TitleLines(const std::string& title, std::string& body) {
  double y = 22;
  // Bold glyphs run about a tenth wider than TextWidth's regular ones.
  for (const std::string& line : WrapLines(title, 14 * 1.1, kChartWidth - 20)) {
    body += TextLines(10, y, {line}, 0, " font-size=\"14\" font-weight=\"bold\"");
    y += 18;
  }
  return y;
}

std::vector<std::string> WrapLines(const std::string& text, double size, double width) {
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

}  // namespace

std::vector<std::string> WrapText(const std::string& text, double size, double width) {
  return WrapLines(text, size, width);
}

std::string SkillChart(const std::string& title, const std::vector<std::string>& rungs,
                       const std::vector<double>& x, const std::string& x_label,
                       const std::vector<SkillPanel>& panels) {
  constexpr int kLeft = 50, kRight = kChartWidth - 16, kPanelHeight = 90, kLine = 15;
  std::string body;
  double y = TitleLines(title, body);
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
    y += 14;
    const std::vector<std::string> heading = WrapLines(panel.title, 12 * 1.1, kChartWidth - 20);
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
    // A name too long for the drawing takes several rows (bold: a tenth wider).
    const std::vector<std::string> lines = WrapLines(rungs[r], 12 * 1.1, kChartWidth - 10);
    double w = 0;
    for (const std::string& line : lines) w = std::max(w, TextWidth(line, 12) * 1.1);
    const double cx = Inside(px(x[r]), w, kChartWidth);
    size_t row = 0;
    auto free = [&](size_t first) {
      for (size_t k = first; k < first + lines.size() && k < row_end.size(); ++k)
        if (cx - w / 2 < row_end[k] + 6) return false;
      return true;
    };
    while (!free(row)) ++row;
    if (row_end.size() < row + lines.size()) row_end.resize(row + lines.size(), -HUGE_VAL);
    for (size_t k = row; k < row + lines.size(); ++k) row_end[k] = cx + w / 2;
    body += TextLines(cx, names_top + kLine * double(row), lines, kLine,
                      " text-anchor=\"middle\" font-weight=\"bold\"");
  }
  y = names_top + kLine * double(std::max<size_t>(1, row_end.size())) + 4;
  const std::vector<std::string> label = WrapText(x_label, 12, kChartWidth - 20);
  body += TextLines(kChartWidth / 2.0, y, label, kLine, " text-anchor=\"middle\"");
  y += kLine * double(label.size());
  return Header(int(std::ceil(y))) + body + "</svg>\n";
}

std::string IntervalChart(const std::string& title, const std::vector<IntervalRow>& rows,
                          double x_min, double x_max, const std::string& x_label) {
  // Phone-first: each row's label on its own lines (wrapped to the drawing), its interval under
  // it across the whole width.
  constexpr int kLeft = 16, kRight = kChartWidth - 16, kLine = 15;
  if (x_max <= x_min) x_max = x_min + 1;
  auto x = [&](double v) {
    return kLeft + (std::clamp(v, x_min, x_max) - x_min) / (x_max - x_min) * (kRight - kLeft);
  };
  std::string heading, body;  // the title first, then the grid behind the rows
  double y = TitleLines(title, heading);
  const double rows_top = y;
  std::string marks;
  for (const IntervalRow& r : rows) {
    const std::vector<std::string> label = WrapText(r.label, 12, kChartWidth - 20);
    body += TextLines(10, y + 12, label, kLine, "");
    y += kLine * double(label.size()) + 12;
    const std::string colour = Colour(r.colour);
    if (r.reference)
      marks += "<line x1=\"" + Num(x(*r.reference)) + "\" y1=\"" + Num(y - 7) + "\" x2=\"" +
               Num(x(*r.reference)) + "\" y2=\"" + Num(y + 7) +
               "\" stroke=\"#555\" stroke-dasharray=\"3,2\"/>\n";
    marks += "<line x1=\"" + Num(x(r.low)) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(x(r.high)) +
             "\" y2=\"" + Num(y) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"/>\n";
    marks += "<circle cx=\"" + Num(x(r.value)) + "\" cy=\"" + Num(y) + "\" r=\"4\" fill=\"" +
             colour + "\"><title>" + EscapeXml(r.label) + ": " + TickLabel(r.value) + " [" +
             TickLabel(r.low) + ", " + TickLabel(r.high) + "]</title></circle>\n";
    y += 12;
  }
  const double axis_y = y + 2;
  std::string grid;
  for (double t : Ticks(x_min, x_max)) {
    grid += "<line x1=\"" + Num(x(t)) + "\" y1=\"" + Num(rows_top) + "\" x2=\"" + Num(x(t)) +
            "\" y2=\"" + Num(axis_y) + "\" stroke=\"#e4e4e4\"/>\n";
    const std::string label = TickLabel(t);
    grid += TextLines(Inside(x(t), TextWidth(label, 12), kChartWidth), axis_y + 15, {label}, 0,
                      " text-anchor=\"middle\"");
  }
  y = axis_y + 34;
  const std::vector<std::string> axis = WrapText(x_label, 12, kChartWidth - 20);
  grid += TextLines(kChartWidth / 2.0, y, axis, kLine, " text-anchor=\"middle\"");
  y += kLine * double(axis.size() - 1) + 8;
  return Header(int(std::ceil(y))) + heading + grid + body + marks + "</svg>\n";
}

std::string Histograms(const std::string& title, const std::vector<HistogramPanel>& panels,
                       const std::string& x_label) {
  // Phone-first: each panel's title, its bars across the drawing, its ticks, then its legend
  // (a swatch and a name per series, wrapped) under it.
  constexpr int kLeft = 16, kRight = kChartWidth - 16, kPlotHeight = 90, kLine = 15;
  std::string body;
  double y = TitleLines(title, body);
  for (const HistogramPanel& panel : panels) {
    const std::vector<std::string> heading = WrapText(panel.title, 12 * 1.1, kChartWidth - 20);
    body += TextLines(10, y + 14, heading, kLine, " font-weight=\"bold\"");
    const double top = y + 14 + kLine * double(heading.size() - 1) + 8;
    const double bottom = top + kPlotHeight;
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
    auto x = [&](double v) { return kLeft + (v - lo) / (hi - lo) * (kRight - kLeft); };
    body += "<line x1=\"" + std::to_string(kLeft) + "\" y1=\"" + Num(bottom) + "\" x2=\"" +
            std::to_string(kRight) + "\" y2=\"" + Num(bottom) + "\" stroke=\"#333\"/>\n";
    for (double t : Ticks(lo, hi)) {
      const std::string label = TickLabel(t);
      body += TextLines(Inside(x(t), TextWidth(label, 12), kChartWidth), bottom + 14, {label}, 0,
                        " text-anchor=\"middle\"");
    }
    y = bottom + 22;
    for (size_t k = 0; k < panel.series.size(); ++k) {
      const Distribution& d = panel.series[k].distribution;
      double total = 0;
      for (int64_t c : d.counts) total += double(c);
      for (size_t b = 0; b < d.counts.size(); ++b) {
        if (d.counts[b] == 0) continue;
        const double f = double(d.counts[b]) / total;
        const double h = f / peak * (kPlotHeight - 10);
        const double x0 = x(d.min + d.bin_width * double(b));
        const double x1 = x(d.min + d.bin_width * double(b + 1));
        body += "<rect x=\"" + Num(x0) + "\" y=\"" + Num(bottom - h) + "\" width=\"" +
                Num(std::max(1.0, x1 - x0 - 1)) + "\" height=\"" + Num(h) + "\" fill=\"" +
                Colour(int(k)) + "\" fill-opacity=\"0.55\"/>\n";
      }
      const std::vector<std::string> name =
          WrapText(panel.series[k].name, 12, kChartWidth - 20 - 16);
      body += "<rect x=\"10\" y=\"" + Num(y + 3) + "\" width=\"10\" height=\"10\" fill=\"" +
              Colour(int(k)) + "\"/>" + TextLines(26, y + 12, name, kLine, "");
      y += kLine * double(name.size());
    }
    y += 16;
  }
  const std::vector<std::string> axis = WrapText(x_label, 12, kChartWidth - 20);
  body += TextLines(kChartWidth / 2.0, y + 4, axis, kLine, " text-anchor=\"middle\"");
  y += kLine * double(axis.size()) + 6;
  return Header(int(std::ceil(y))) + body + "</svg>\n";
}

}  // namespace savanna::svg
