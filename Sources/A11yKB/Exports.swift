// The façade: what the skins (the command line, the MCP server) see of the library. They import
// A11yKB alone; the layers below stay out of their reach but for what is re-exported here.
@_exported import KBFiles
@_exported import KBModel
@_exported import KBStore
@_exported import KBSearch
@_exported import KBImport
@_exported import KBQuery
@_exported import KBEvidence
@_exported import KBConformance
@_exported import KBRender
