/// A set of byte patterns found in one pass over a text (Aho–Corasick, as a dense DFA).
///
/// Built once from all the rules' text values; `forEachMatch` reports every
/// (pattern, end offset) in the text, so thousands of `contains` patterns cost one scan.
/// Bytes that occur in no pattern share one column of the transition table.
/// - Complexity: building O(total pattern length × alphabet); matching O(text + matches).
struct AhoCorasick: Sendable {
    /// Pattern lengths, by pattern index.
    let patternLengths: [Int]
    private let classCount: Int
    /// The tables `forEachMatch` reads, in memory of their own (no bounds checks or
    /// reference counts per byte).
    private let tables: MatchTables

    init(patterns: [[UInt8]]) {
        patternLengths = patterns.map(\.count)
        var classOf = [UInt8](repeating: 0, count: 256)
        var classCount = 1
        for pattern in patterns {
            for b in pattern where classOf[Int(b)] == 0 {
                classOf[Int(b)] = UInt8(classCount)
                classCount += 1
            }
        }
        // Trie.
        var children: [[UInt8: Int32]] = [[:]]
        var outputs: [[Int32]] = [[]]
        for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
            var state: Int32 = 0
            for b in pattern {
                let c = classOf[Int(b)]
                if let next = children[Int(state)][c] {
                    state = next
                } else {
                    children.append([:])
                    outputs.append([])
                    let next = Int32(children.count - 1)
                    children[Int(state)][c] = next
                    state = next
                }
            }
            outputs[Int(state)].append(Int32(index))
        }
        // Failure links and the full transition table, breadth first.
        let stateCount = children.count
        var delta = [Int32](repeating: 0, count: stateCount * classCount)
        var fail = [Int32](repeating: 0, count: stateCount)
        var outputLink = [Int32](repeating: 0, count: stateCount)
        var queue: [Int32] = []
        for (c, child) in children[0] {
            delta[Int(c)] = child
            queue.append(child)
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            let f = Int(fail[state])
            outputLink[state] = outputs[f].isEmpty ? outputLink[f] : Int32(f)
            for c in 0..<classCount {
                if let child = children[state][UInt8(c)] {
                    delta[state * classCount + c] = child
                    fail[Int(child)] = delta[f * classCount + c]
                    queue.append(child)
                } else {
                    delta[state * classCount + c] = delta[f * classCount + c]
                }
            }
        }
        self.classCount = classCount
        tables = MatchTables(classOf: classOf, delta: delta, classCount: classCount, outputs: outputs, outputLink: outputLink)
    }

    /// Calls `body(pattern, endOffset)` for every occurrence, `endOffset` exclusive.
    @inline(__always)
    func forEachMatch(in text: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Void) {
        let t = tables
        let classCount = self.classCount
        var row = 0
        for i in 0..<text.count {
            // The next state's row, negated (`~`) when patterns end there or on its failure chain.
            let entry = Int(t.next[row &+ Int(t.classOf[Int(text[i])])])
            if entry >= 0 {
                row = entry
                continue
            }
            row = ~entry
            var s = Int(t.firstOutput[row / classCount])
            while s != 0 {
                for k in Int(t.outputStart[s])..<Int(t.outputStart[s &+ 1]) { body(Int(t.outputPatterns[k]), i &+ 1) }
                s = Int(t.outputLink[s])
            }
        }
    }
}

/// The automaton's tables: transitions by byte class, and per state the patterns ending
/// there (a flat list) and the first state on its failure chain (itself included) that has any.
private final class MatchTables: @unchecked Sendable {
    let classOf: UnsafeMutablePointer<UInt8>
    /// Per state and byte class, the next state's row (state × class count, so no multiply
    /// per byte), as `~row` when the next state has outputs (`firstOutput` not 0).
    let next: UnsafeMutablePointer<Int32>
    /// The state itself when patterns end there, else the nearest on its failure chain, or 0.
    let firstOutput: UnsafeMutablePointer<Int32>
    /// The nearest state on the failure chain with outputs, or 0.
    let outputLink: UnsafeMutablePointer<Int32>
    /// State s's patterns are `outputPatterns[outputStart[s]..<outputStart[s + 1]]`.
    let outputStart: UnsafeMutablePointer<Int32>
    let outputPatterns: UnsafeMutablePointer<Int32>

    init(classOf: [UInt8], delta: [Int32], classCount: Int, outputs: [[Int32]], outputLink: [Int32]) {
        self.classOf = Self.copy(classOf)
        self.outputLink = Self.copy(outputLink)
        let firstOutput = outputs.indices.map { outputs[$0].isEmpty ? outputLink[$0] : Int32($0) }
        self.firstOutput = Self.copy(firstOutput)
        self.next = Self.copy(
            delta.map { state in
                let row = Int32(Int(state) * classCount)
                return firstOutput[Int(state)] != 0 ? ~row : row
            })
        var starts: [Int32] = [0]
        for list in outputs { starts.append(starts[starts.count - 1] + Int32(list.count)) }
        self.outputStart = Self.copy(starts)
        self.outputPatterns = Self.copy(outputs.flatMap { $0 })
    }

    deinit {
        for pointer in [
            UnsafeMutableRawPointer(classOf), UnsafeMutableRawPointer(next), UnsafeMutableRawPointer(firstOutput),
            UnsafeMutableRawPointer(outputLink), UnsafeMutableRawPointer(outputStart), UnsafeMutableRawPointer(outputPatterns),
        ] {
            pointer.deallocate()
        }
    }

    private static func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
        _ = UnsafeMutableBufferPointer(start: pointer, count: values.count).initialize(from: values)
        return pointer
    }
}
