// The façade: what the skins (the command line, the MCP server, the team server) see of the
// library. They import A11yKB alone, and see the façade's own questions and the types below,
// re-exported one by one (as Hummingbird's Exports.swift does): a layer's other declarations stay
// out of their reach. A type a skin starts to use is added here; LayerTests/FacadeTests fails on
// a whole layer re-exported, and on a type listed here that no skin names. (Declarations the
// layers share with the package only, `package`, are listed like the rest: JSONString, FileKind...)

@_exported import enum KBFiles.AtomicFile
@_exported import class KBFiles.ByteSink
@_exported import enum KBFiles.FileKind

@_exported import enum KBModel.AnnouncementOrigin
@_exported import enum KBModel.ErrorMessage
@_exported import struct KBModel.ComponentName
@_exported import enum KBModel.Family
@_exported import enum KBModel.Framework
@_exported import enum KBModel.GapProblem
@_exported import typealias KBModel.HintWording
@_exported import protocol KBModel.HintedError
@_exported import class KBModel.ImportStages
@_exported import struct KBModel.ImportSummary
@_exported import enum KBModel.JSONNesting
@_exported import enum KBModel.JSONString
@_exported import enum KBModel.Platform
@_exported import enum KBModel.RuleKind
@_exported import struct KBModel.SCNumber
@_exported import struct KBModel.SavedPlan
@_exported import enum KBModel.WCAGLevel

@_exported import class KBStore.Cancellation
@_exported import struct KBStore.FileVersion
@_exported import class KBStore.KnowledgeBase
@_exported import class KBStore.ReadHandle

@_exported import struct KBSearch.Deadline
@_exported import enum KBSearch.FactKind
@_exported import struct KBSearch.HighlightedText
@_exported import enum KBSearch.QueryError
@_exported import struct KBSearch.SearchOptions
@_exported import struct KBSearch.SearchQuery

@_exported import struct KBImport.ImportOptions
@_exported import struct KBImport.ImportProgress
@_exported import enum KBImport.KnowledgeBaseHoldings
@_exported import struct KBImport.StandardInputDocument

@_exported import struct KBQuery.AxeResults
@_exported import struct KBQuery.Cell
@_exported import struct KBQuery.Checklist
@_exported import struct KBQuery.ChecklistDiff
@_exported import struct KBQuery.Comparison
@_exported import struct KBQuery.ComponentFacts
@_exported import struct KBQuery.Coverage
@_exported import struct KBQuery.CriterionTests
@_exported import struct KBQuery.DeveloperNotes
@_exported import enum KBQuery.GeneralPlacement
@_exported import enum KBQuery.Listing
@_exported import struct KBQuery.Matrix
@_exported import enum KBQuery.MatrixAspects
@_exported import enum KBQuery.ResultsText
@_exported import struct KBQuery.WCAGCitation

@_exported import enum KBEvidence.EvidenceFormat
@_exported import enum KBEvidence.EvidenceReading
@_exported import struct KBEvidence.EvidenceRecord

@_exported import struct KBConformance.ConformanceTodo
@_exported import struct KBConformance.OpenACRCatalog
@_exported import struct KBConformance.OpenACRDiff
@_exported import struct KBConformance.OpenACRReport

@_exported import enum KBRender.AcceptanceCriteria
@_exported import struct KBRender.AcceptanceCriteriaDocument
@_exported import struct KBRender.AnnouncementsDocument
@_exported import struct KBRender.CatalogDocument
@_exported import struct KBRender.ChecklistDocument
@_exported import enum KBRender.ColumnTable
@_exported import struct KBRender.ComparisonOutlineDocument
@_exported import struct KBRender.ComponentFormatsDocument
@_exported import struct KBRender.ConformanceCheckResult
@_exported import struct KBRender.ConformanceCheckDocument
@_exported import struct KBRender.CoverageDocument
@_exported import struct KBRender.CriterionTestsDocument
@_exported import protocol KBRender.Document
@_exported import enum KBRender.DocumentFormat
@_exported import struct KBRender.DocumentOptions
@_exported import struct KBRender.EquivalentsDocument
@_exported import struct KBRender.EvidenceSummary
@_exported import struct KBRender.FactSearchDocument
@_exported import struct KBRender.ImportSummaryDocument
@_exported import enum KBRender.JSONValue
@_exported import enum KBRender.LinkAddress
@_exported import enum KBRender.OneLine
@_exported import struct KBRender.ReportHeading
@_exported import struct KBRender.RuleSearchDocument
@_exported import struct KBRender.SavedPlansDocument
@_exported import protocol KBRender.SearchAnswerDocument
@_exported import typealias KBRender.SearchStyle
@_exported import protocol KBRender.StructuredDocument
@_exported import struct KBRender.Tabular
@_exported import enum KBRender.TabularFormat
@_exported import struct KBRender.TabularWriter
@_exported import struct KBRender.TestReportDocument
@_exported import struct KBRender.TraceDocument
@_exported import struct KBRender.UnsupportedFormat
@_exported import struct KBRender.WCAGCitationsDocument
