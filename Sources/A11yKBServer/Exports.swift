import A11yKBServeSettings

// The server's settings are its callers' vocabulary (`TeamServer.environment(path:configuration:)`).
// Named here, in the server's own module, they are the one `ServerConfiguration` its files and
// callers mean, and Hummingbird's type of that name is not.
public typealias ServerConfiguration = A11yKBServeSettings.ServerConfiguration
