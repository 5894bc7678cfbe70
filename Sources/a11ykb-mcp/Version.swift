/// The version the server reports in its `initialize` answer (MCP's `serverInfo`).
let a11ykbVersion = "0.15.0"
