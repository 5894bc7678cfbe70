/// The parts of a .docx every document shares: the package's content types and relationships, the
/// properties, the styles (Word's built-in names, so that Word, LibreOffice and a screen reader
/// know the headings), the settings and a footer with the page number.
enum WordParts {
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

    static let namespaces = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\" "
        + "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\""

    static let contentTypes = declaration + """
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
        <Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>\
        <Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>\
        <Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>\
        <Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
        <Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>\
        </Types>
        """

    static let packageRelationships = relationships([
        ("rId1", "officeDocument/2006/relationships/officeDocument", "word/document.xml"),
        ("rId2", "package/2006/relationships/metadata/core-properties", "docProps/core.xml"),
        ("rId3", "officeDocument/2006/relationships/extended-properties", "docProps/app.xml"),
    ])

    static let documentRelationships = relationships([
        ("rIdStyles", "officeDocument/2006/relationships/styles", "styles.xml"),
        ("rIdSettings", "officeDocument/2006/relationships/settings", "settings.xml"),
        ("rIdFooter", "officeDocument/2006/relationships/footer", "footer1.xml"),
    ])

    /// A relationships part: each relationship's id, its type below OOXML's schema address, its target.
    static func relationships(_ items: [(id: String, type: String, target: String)]) -> String {
        declaration + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + items.map { "<Relationship Id=\"\($0.id)\" Type=\"http://schemas.openxmlformats.org/\($0.type)\" Target=\"\($0.target)\"/>" }.joined()
            + "</Relationships>"
    }

    /// The title and language a reader announces, and who made it; no date, so that the same
    /// report gives the same bytes (the report's own date is in its text).
    static func core(title: String, language: String, creator: String) -> String {
        declaration + """
            <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\
            <dc:title>\(WordXML.escape(title))</dc:title><dc:language>\(WordXML.escape(language))</dc:language>\
            <dc:creator>\(WordXML.escape(creator))</dc:creator></cp:coreProperties>
            """
    }

    static let app = declaration + """
        <Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>a11ykb</Application></Properties>
        """

    static func settings(language: String) -> String {
        declaration + "<w:settings \(namespaces)><w:themeFontLang w:val=\"\(WordXML.escape(language))\"/>"
            + "<w:compat><w:compatSetting w:name=\"compatibilityMode\" w:uri=\"http://schemas.microsoft.com/office/word\" w:val=\"15\"/></w:compat></w:settings>"
    }

    static let footer = declaration + "<w:ftr \(namespaces)><w:p><w:pPr><w:jc w:val=\"center\"/></w:pPr>"
        + "<w:r><w:t xml:space=\"preserve\">Page </w:t></w:r><w:fldSimple w:instr=\" PAGE \"><w:r><w:t>1</w:t></w:r></w:fldSimple>"
        + "<w:r><w:t xml:space=\"preserve\"> of </w:t></w:r><w:fldSimple w:instr=\" NUMPAGES \"><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p></w:ftr>"

    /// Word's built-in styles by their built-in names (`heading 1`, `Title`), which every word
    /// processor maps to its own; the language on every run.
    static func styles(language: String) -> String {
        func heading(_ level: Int, size: Int, before: Int) -> String {
            "<w:style w:type=\"paragraph\" w:styleId=\"Heading\(level)\"><w:name w:val=\"heading \(level)\"/><w:basedOn w:val=\"Normal\"/>"
                + "<w:next w:val=\"Normal\"/><w:uiPriority w:val=\"9\"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/>"
                + "<w:spacing w:before=\"\(before)\" w:after=\"120\"/><w:outlineLvl w:val=\"\(level - 1)\"/></w:pPr>"
                + "<w:rPr><w:b/><w:color w:val=\"1F3864\"/><w:sz w:val=\"\(size)\"/><w:szCs w:val=\"\(size)\"/></w:rPr></w:style>"
        }
        let lang = WordXML.escape(language)
        return declaration + "<w:styles \(namespaces)>"
            + "<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii=\"Arial\" w:hAnsi=\"Arial\" w:eastAsia=\"Arial\" w:cs=\"Arial\"/>"
            + "<w:sz w:val=\"21\"/><w:szCs w:val=\"21\"/><w:lang w:val=\"\(lang)\" w:eastAsia=\"\(lang)\" w:bidi=\"\(lang)\"/></w:rPr></w:rPrDefault>"
            + "<w:pPrDefault><w:pPr><w:spacing w:after=\"120\" w:line=\"264\" w:lineRule=\"auto\"/></w:pPr></w:pPrDefault></w:docDefaults>"
            + "<w:style w:type=\"paragraph\" w:default=\"1\" w:styleId=\"Normal\"><w:name w:val=\"Normal\"/><w:qFormat/></w:style>"
            + "<w:style w:type=\"paragraph\" w:styleId=\"Title\"><w:name w:val=\"Title\"/><w:basedOn w:val=\"Normal\"/><w:next w:val=\"Normal\"/>"
            + "<w:uiPriority w:val=\"10\"/><w:qFormat/><w:pPr><w:spacing w:after=\"80\"/></w:pPr>"
            + "<w:rPr><w:b/><w:color w:val=\"1F3864\"/><w:sz w:val=\"44\"/><w:szCs w:val=\"44\"/></w:rPr></w:style>"
            + "<w:style w:type=\"paragraph\" w:styleId=\"Subtitle\"><w:name w:val=\"Subtitle\"/><w:basedOn w:val=\"Normal\"/><w:next w:val=\"Normal\"/>"
            + "<w:uiPriority w:val=\"11\"/><w:qFormat/><w:pPr><w:spacing w:after=\"240\"/></w:pPr>"
            + "<w:rPr><w:color w:val=\"404040\"/><w:sz w:val=\"26\"/><w:szCs w:val=\"26\"/></w:rPr></w:style>"
            + heading(1, size: 32, before: 360) + heading(2, size: 27, before: 280) + heading(3, size: 23, before: 220)
            + "<w:style w:type=\"paragraph\" w:customStyle=\"1\" w:styleId=\"TableText\"><w:name w:val=\"Table Text\"/><w:basedOn w:val=\"Normal\"/>"
            + "<w:pPr><w:spacing w:before=\"20\" w:after=\"40\" w:line=\"240\" w:lineRule=\"auto\"/></w:pPr><w:rPr><w:sz w:val=\"19\"/><w:szCs w:val=\"19\"/></w:rPr></w:style>"
            + "<w:style w:type=\"table\" w:default=\"1\" w:styleId=\"TableNormal\"><w:name w:val=\"Normal Table\"/><w:uiPriority w:val=\"99\"/><w:semiHidden/>"
            + "<w:tblPr><w:tblInd w:w=\"0\" w:type=\"dxa\"/><w:tblCellMar><w:top w:w=\"0\" w:type=\"dxa\"/><w:left w:w=\"108\" w:type=\"dxa\"/>"
            + "<w:bottom w:w=\"0\" w:type=\"dxa\"/><w:right w:w=\"108\" w:type=\"dxa\"/></w:tblCellMar></w:tblPr></w:style>"
            + "<w:style w:type=\"table\" w:customStyle=\"1\" w:styleId=\"ReportTable\"><w:name w:val=\"Report Table\"/><w:basedOn w:val=\"TableNormal\"/>"
            + "<w:tblPr><w:tblBorders>" + ["top", "left", "bottom", "right", "insideH", "insideV"].map { "<w:\($0) w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"7F7F7F\"/>" }.joined()
            + "</w:tblBorders><w:tblCellMar><w:top w:w=\"60\" w:type=\"dxa\"/><w:left w:w=\"100\" w:type=\"dxa\"/><w:bottom w:w=\"60\" w:type=\"dxa\"/>"
            + "<w:right w:w=\"100\" w:type=\"dxa\"/></w:tblCellMar></w:tblPr></w:style>"
            + "</w:styles>"
    }
}
