extension String {
    /// True when both strings are the same native storage (a name stored and handed back
    /// again): they are then equal without a byte compared, and keeping either one in place
    /// of the other costs no retain. False for small strings (kept inline; comparing and
    /// storing those costs little anyway) and for equal strings stored apart.
    @inline(__always)
    public func sharesStorage(with other: String) -> Bool {
        let same = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
        return same == true
    }
}
