/// A set of byte patterns found in one pass over a text (Aho–Corasick, as a dense DFA).
///
/// Built once from all the rules' text values; `forEachMatch` reports every
/// (pattern, end offset) in the text, so thousands of `contains` patterns cost one scan.
/// Bytes that occur in no pattern share one column of the transition table.
/// - Complexity: building O(total pattern length × alphabet); matching O(text + matches).
struct AhoCorasick: Sendable {
    /// Pattern lengths, by pattern index.
    let patternLengths: [Int]
    private let classOf: [UInt8]
    private let classCount: Int
    private let delta: [Int32]
    /// Patterns that end at each state (their indices).
    private let outputs: [[Int32]]
    /// The nearest state on the failure chain with outputs, or 0.
    private let outputLink: [Int32]

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
        self.classOf = classOf
        self.classCount = classCount
        self.delta = delta
        self.outputs = outputs
        self.outputLink = outputLink
    }

    /// Calls `body(pattern, endOffset)` for every occurrence, `endOffset` exclusive.
    func forEachMatch(in text: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Void) {
        var state = 0
        for i in 0..<text.count {
            state = Int(delta[state * classCount + Int(classOf[Int(text[i])])])
            var s = state
            while s != 0 {
                for pattern in outputs[s] { body(Int(pattern), i + 1) }
                s = Int(outputLink[s])
            }
        }
    }
}
