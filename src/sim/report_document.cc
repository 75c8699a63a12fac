// The report's two renderings: Markdown, and one HTML page that needs nothing else to be read.
#include "sim/report_document.h"

#include "core/check.h"
#include "core/text.h"

namespace savanna {
namespace {

// Markdown table cells may not hold a bare '|'.
std::string MarkdownCell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string MarkdownTable(const ReportTable& table) {
  if (table.head.empty()) return "";
  std::string md = "|", rule = "|";
  for (size_t c = 0; c < table.head.size(); ++c) {
    md += " " + MarkdownCell(table.head[c]) + " |";
    rule += c < table.align.size() && table.align[c] == 'r' ? "---:|" : "---|";
  }
  md += "\n" + rule + "\n";
  for (const auto& row : table.rows) {
    md += "|";
    for (const std::string& cell : row) md += " " + MarkdownCell(cell) + " |";
    md += "\n";
  }
  return md;
}

// Escaped text with `code` spans as <code> elements (an unpaired backtick stays as it is).
std::string InlineHtml(const std::string& text) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find('`', at);
    const size_t close = open == std::string::npos ? open : text.find('`', open + 1);
    if (close == std::string::npos) {
      out += EscapeXml(text.substr(at));
      break;
    }
    out += EscapeXml(text.substr(at, open - at)) + "<code>" +
           EscapeXml(text.substr(open + 1, close - open - 1)) + "</code>";
    at = close + 1;
  }
  return out;
}

// In a region that scrolls sideways when the table is wider than the page, which a keyboard can
// focus to scroll it too.
std::string HtmlTable(const ReportTable& table, const std::string& title) {
  if (table.head.empty()) return "";
  auto cls = [&](size_t c) {
    return c < table.align.size() && table.align[c] == 'r' ? std::string(" class=\"num\"") : "";
  };
  std::string html = "<div class=\"scroll\" role=\"region\" tabindex=\"0\" aria-label=\"" +
                     EscapeXml(title) + "\"><table>\n<thead><tr>";
  for (size_t c = 0; c < table.head.size(); ++c)
    html += "<th scope=\"col\"" + cls(c) + ">" + InlineHtml(table.head[c]) + "</th>";
  html += "</tr></thead>\n<tbody>\n";
  for (const auto& row : table.rows) {
    html += "<tr>";
    for (size_t c = 0; c < row.size(); ++c)
      html += "<td" + cls(c) + ">" + InlineHtml(row[c]) + "</td>";
    html += "</tr>\n";
  }
  return html + "</tbody></table></div>\n";
}

std::string Paragraph(const std::string& text) {
  return text.empty() ? "" : "<p>" + InlineHtml(text) + "</p>\n";
}

constexpr const char* kStyle = R"(
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: #1b1b1b; background: #fff; margin: 0; }
main { max-width: 1200px; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
h1 { font-size: 1.7rem; margin: .5rem 0; }
h2 { font-size: 1.3rem; margin: 2rem 0 .5rem; border-bottom: 2px solid #0072B2; }
h3 { font-size: 1.1rem; margin: 1.5rem 0 .4rem; }
nav ul { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; padding: 0; list-style: none; }
code { font: .9em ui-monospace, "DejaVu Sans Mono", monospace; background: #f2f2f2;
       padding: 0 .2em; border-radius: 3px; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
.scroll:focus-visible { outline: 2px solid #0072B2; }
table { border-collapse: collapse; font-size: .9rem; margin: .5rem 0 1rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #ddd; text-align: left;
         vertical-align: top; }
th { background: #f4f7fa; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafafa; }
.summary table { font-size: 1rem; }
.figures { display: flex; flex-wrap: wrap; gap: 0 2.5rem; align-items: flex-start; }
figure { margin: .5rem 0 1.5rem; flex: 0 1 350px; min-width: 0; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { margin-bottom: .4rem; }
details { margin: .5rem 0; }
)";

}  // namespace

std::string ReportMarkdown(const ReportDocument& document) {
  std::string md = "# " + document.title + "\n\nMade by `" + document.command + "`.\n\n" +
                   document.preface + "\n";
  for (const ReportSection& section : document.sections) {
    md += "\n## " + section.title + "\n\n";
    if (!section.intro.empty()) md += section.intro + "\n\n";
    for (const ReportFigure& figure : section.figures) {
      if (!figure.text.empty()) md += figure.text + "\n\n";
      md += "![" + figure.title + "](" + figure.file + ")\n\n";
    }
    md += MarkdownTable(section.table);
  }
  return md;
}

std::string ReportHtml(const ReportDocument& document,
                       const std::map<std::string, std::string>& svgs) {
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
      EscapeXml(document.title) + "</title>\n<style>" + kStyle +
      "</style>\n</head>\n<body>\n<main>\n" + "<h1>" + EscapeXml(document.title) + "</h1>\n" +
      "<details><summary>Made by the command that reproduces it</summary>\n" +
      Paragraph("`" + document.command + "`") + "</details>\n" + Paragraph(document.preface);
  // Contents: the summaries, the charts, the details.
  html += "<nav aria-label=\"Contents\"><ul>\n";
  for (const ReportSection& section : document.sections)
    if (section.summary)
      html += "<li><a href=\"#" + EscapeXml(section.id) + "\">" + EscapeXml(section.title) +
              "</a></li>\n";
  html += "<li><a href=\"#charts\">Charts</a></li>\n<li><a href=\"#details\">Details</a></li>\n";
  html += "</ul></nav>\n";
  for (const ReportSection& section : document.sections) {
    if (!section.summary) continue;
    html += "<section class=\"summary\" id=\"" + EscapeXml(section.id) + "\">\n<h2>" +
            EscapeXml(section.title) + "</h2>\n" + Paragraph(section.intro) +
            HtmlTable(section.table, section.title) + "</section>\n";
  }
  html += "<section id=\"charts\">\n<h2>Charts</h2>\n";
  for (const ReportSection& section : document.sections) {
    if (section.figures.empty()) continue;
    html += "<h3>" + EscapeXml(section.title) + "</h3>\n" + Paragraph(section.intro) +
            "<div class=\"figures\">\n";
    for (const ReportFigure& figure : section.figures) {
      const auto svg = svgs.find(figure.file);
      SAVANNA_CHECK_MSG(svg != svgs.end(), "a report figure without its chart");
      html += "<figure id=\"" + EscapeXml(figure.file) + "\">\n";
      if (!figure.text.empty())
        html += "<figcaption>" + InlineHtml(figure.text) + "</figcaption>\n";
      html += svg->second + "</figure>\n";
    }
    html += "</div>\n";
  }
  html += "</section>\n<section id=\"details\">\n<h2>Details</h2>\n";
  for (const ReportSection& section : document.sections) {
    if (section.summary) continue;
    html += "<section id=\"" + EscapeXml(section.id) + "\">\n<h3>" + EscapeXml(section.title) +
            "</h3>\n";
    if (section.figures.empty()) html += Paragraph(section.intro);
    html += HtmlTable(section.table, section.title) + "</section>\n";
  }
  return html + "</section>\n</main>\n</body>\n</html>\n";
}

}  // namespace savanna
