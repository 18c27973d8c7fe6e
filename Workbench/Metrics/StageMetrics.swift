// What one stage's source files measure: the numbers a step of the ladder claims, read from the
// code itself so a claim and the code cannot drift apart.

/// The counts for one module directory, summed over its `.swift` files.
public struct StageMetrics: Sendable, Equatable {
    /// The module's directory name, e.g. "Stage3Result".
    public let module: String
    /// `.swift` files in the module directory, subfolders included.
    public let files: Int
    /// Lines holding code: not blank and not only a comment. A line inside a multi-line string counts.
    public let linesOfCode: Int
    /// `func` declarations whose own body (not a nested func's) starts a URLSession request.
    /// Initializers, computed properties and closures outside any func are not functions here.
    public let requestFunctions: Int
    /// Places that start a URLSession request: `.dataTask(`, `.data(for:`, `.data(from:`,
    /// `.upload(for:` or `.download(for:`, outside comments and string literals.
    public let sessionCallSites: Int
    /// Occurrences of the access key inside string literals; a key in a comment is not a copy.
    public let keyLiterals: Int
    /// Postfix `!` after an identifier, `)` or `]`, including `try!` and `as!`; never `!=` or a logical not.
    public let forceUnwraps: Int
    /// Places that decode a reply into a value and pass its decoding error on: `.decode(` under a
    /// plain `try`. Reading a failure's body for its message, under `try?`, is not one.
    public let replyDecodes: Int

    public init(
        module: String, files: Int, linesOfCode: Int, requestFunctions: Int,
        sessionCallSites: Int, keyLiterals: Int, forceUnwraps: Int, replyDecodes: Int
    ) {
        self.module = module
        self.files = files
        self.linesOfCode = linesOfCode
        self.requestFunctions = requestFunctions
        self.sessionCallSites = sessionCallSites
        self.keyLiterals = keyLiterals
        self.forceUnwraps = forceUnwraps
        self.replyDecodes = replyDecodes
    }
}
