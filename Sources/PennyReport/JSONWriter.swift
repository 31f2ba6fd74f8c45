/// A JSON value with the number formatting reports need (money as strings, shares as numbers).
public indirect enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number already formatted, e.g. `50.62`.
    case number(String)
    case bool(Bool)
    case null

    /// Compact JSON text.
    public var text: String {
        switch self {
        case .object(let pairs): "{" + pairs.map { Self.quote($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        case .array(let values): "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .string(let s): Self.quote(s)
        case .number(let n): n
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
