// The balance report as a document: sections of text, charts and one table each, rendered once
// as Markdown (report.md) and once as a self-contained HTML page (report.html: inline CSS and
// inline SVG, no script, nothing fetched). Text uses one inline markup, `code`; every text is
// escaped by the renderer that writes it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace savanna {

struct ReportTable {
  std::vector<std::string> head;
  std::string align;  // one character per column: 'l' left, 'r' right (numbers)
  std::vector<std::vector<std::string>> rows;
};

struct ReportFigure {
  std::string file;   // the SVG's file name, beside report.md
  std::string title;  // its alternative text
  std::string text;   // a paragraph before it (may be empty)
};

struct ReportSection {
  std::string id;  // an HTML anchor: letters, digits and '-'
  std::string title;
  std::string intro;
  std::vector<ReportFigure> figures;
  ReportTable table;  // no columns: no table
  // The HTML page puts summary sections first, then every chart, then the other sections.
  bool summary = false;
};

struct ReportDocument {
  std::string title, command, preface;
  std::vector<ReportSection> sections;
};

// report.md: the sections in order, each chart as an image link to its SVG file.
std::string ReportMarkdown(const ReportDocument& document);

// report.html: summary sections, then the charts inline (`svgs`: file name to SVG text), then
// the remaining sections' tables. A chart missing from `svgs` is a bug.
std::string ReportHtml(const ReportDocument& document,
                       const std::map<std::string, std::string>& svgs);

}  // namespace savanna
