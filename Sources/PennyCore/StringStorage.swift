extension String {
    /// True when both strings are the same value bit for bit: the same native storage (a
    /// name stored and handed back again) or the same small string kept inline. They are
    /// then equal without a byte compared, and keeping either one in place of the other
    /// costs no retain. False for equal strings stored apart. (Two words compared: asking
    /// each string for its contiguous bytes cost some 60 instructions a call, per row.)
    @inline(__always)
    public func sharesStorage(with other: String) -> Bool {
        let mine = unsafeBitCast(self, to: (UInt64, UInt64).self)
        let theirs = unsafeBitCast(other, to: (UInt64, UInt64).self)
        return mine == theirs
    }
}
