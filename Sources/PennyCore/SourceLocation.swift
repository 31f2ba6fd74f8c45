/// A place in an input file: 1-based line and column, like compilers print them.
///
/// For CSV files the column is the 1-based field number; for XML it may be 0 (unknown)
/// with an element path in `detail` of the error instead.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    /// 1-based line, 0 when unknown.
    public let line: Int
    /// 1-based column, 0 when unknown.
    public let column: Int

    /// Makes a location.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same place at another column.
    public func at(column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// `file:line:col`, leaving out parts that are unknown.
    public var description: String {
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
