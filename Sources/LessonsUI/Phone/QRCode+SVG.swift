extension QRCode {
    /// The code as an SVG picture, dark on white inside its quiet zone whatever the page's colours,
    /// a row's run of dark modules one rectangle; `label` names it for a screen reader.
    func svg(label: String) -> HTML {
        var path = ""
        for (y, row) in modules.enumerated() {
            var x = 0
            while x < size {
                guard row[x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, row[x] { x += 1 }
                path += "M\(start + QRCode.quietZone) \(y + QRCode.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let side = size + 2 * QRCode.quietZone
        return """
            <svg class="qr-code" viewBox="0 0 \(side) \(side)" role="img" aria-label="\(label)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
