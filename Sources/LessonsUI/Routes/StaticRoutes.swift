import Foundation
import Hummingbird
import OfflineLessons

/// The page's script and style, shipped as package resources and read once, and the app's icon.
enum StaticRoutes {
    static let assets: [String: (type: String, bytes: Data)] = {
        var assets: [String: (String, Data)] = [:]
        for (name, type) in [("app.js", "text/javascript; charset=utf-8"), ("app.css", "text/css; charset=utf-8")] {
            let parts = name.split(separator: ".")
            if let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1])),
                let data = try? Data(contentsOf: url)
            {
                assets[name] = (type, data)
            }
        }
        return assets
    }()

    static func register(on router: Router<BasicRequestContext>) {
        router.get("/static/:name") { _, context in
            guard let name = context.parameters.get("name"), let asset = assets[name] else {
                throw RouteFailure(.notFound, Message(.screenNoSuchAsset))
            }
            return Response(
                status: .ok, headers: [.contentType: asset.type, .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
        }
        router.get("/favicon.ico") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"],
                body: .init(byteBuffer: ByteBuffer(string: Icon.appIcon)))
        }
    }
}
