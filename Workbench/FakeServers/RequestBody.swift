// A request's body as a `URLProtocol` sees it, for the fakes and for anything else that stands
// between a stage and a server.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The body, whichever way it arrived: on Apple platforms a `URLProtocol` sees it as
    /// `httpBodyStream`, not as `httpBody`. Reading the stream uses it up.
    public var bodyAsSent: Data? {
        httpBody ?? httpBodyStream.map(Self.readAll)
    }

    private static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
