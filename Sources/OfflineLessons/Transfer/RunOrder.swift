/// The order a run starts its items in: an item moved to the front first, else the next in
/// request order; each once.
struct RunOrder {
    private let keys: [MediaKey]
    private var position = 0
    private var remaining: Set<MediaKey>
    private let control: QueueControl

    init(_ keys: [MediaKey], control: QueueControl) {
        self.keys = keys
        self.remaining = Set(keys)
        self.control = control
    }

    mutating func next() -> MediaKey? {
        if let key = control.takeFront(in: remaining) {
            remaining.remove(key)
            return key
        }
        while position < keys.count {
            let key = keys[position]
            position += 1
            if remaining.remove(key) != nil { return key }
        }
        return nil
    }
}
