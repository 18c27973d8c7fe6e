// The typed error, from stage 3 on: every way a call can fail, as one enum a screen can switch on.
// How a failure reads the server's words, and masks the secrets in them: APIError+Server.swift.
import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a call failed. Each case is something a screen would handle differently.
public enum APIError: Error, Equatable, Sendable {
    /// The request could not be built; nothing was sent.
    case invalidRequest(reason: String)
    /// The device has no connection.
    case offline
    /// The server did not answer in time.
    case timedOut
    /// The request was cancelled before it finished.
    case cancelled
    /// Any other network fault, by its `URLError` code.
    case transport(code: Int)
    /// 400: the server could not use the request.
    case badRequest(message: String?)
    /// 401: missing or wrong credentials, a bad access key, or an access token that has expired.
    case unauthorized(message: String?)
    /// Popcorn's 400 with `divisionCode` `E009`: the sign-up is not finished. A failure that still
    /// carries the tokens, which the app keeps for the calls that finish the sign-up.
    case signUpNotCompleted(token: Token, message: String?)
    /// 403: the credentials are fine but not enough.
    case forbidden(message: String?)
    /// 404: nothing there, such as an unknown photo id.
    case notFound(message: String?)
    /// Over the rate limit: a 429, or Unsplash's 403 that says so. Slow down, try again later.
    case tooManyRequests(status: Int, message: String?)
    /// 5xx: the server failed.
    case server(status: Int, message: String?)
    /// Any other status code: it still completes the call, with its code.
    case unexpectedStatus(status: Int, message: String?)
    /// A success status with nothing in the body.
    case emptyBody
    /// A body that does not match the expected JSON.
    case decoding(description: String)
}

extension APIError {
    /// A failure the network reported before any answer arrived.
    init(_ error: Error) {
        guard let urlError = error as? URLError else {
            self = .transport(code: URLError.Code.unknown.rawValue)
            return
        }
        switch urlError.code {
        case .notConnectedToInternet, .dataNotAllowed: self = .offline
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .badURL, .unsupportedURL: self = .invalidRequest(reason: urlError.localizedDescription)
        default: self = .transport(code: urlError.code.rawValue)
        }
    }

    /// A success whose body is not the JSON expected; keeps what the decoder said, briefly.
    init(decoding error: Error) {
        guard let error = error as? DecodingError else {
            self = .decoding(description: error.localizedDescription)
            return
        }
        func at(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "the top level" : context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .decoding(description: "no \"\(key.stringValue)\" at \(at(context))")
        case .valueNotFound(_, let context):
            self = .decoding(description: "null where a value is required at \(at(context))")
        case .typeMismatch(_, let context):
            self = .decoding(description: "the wrong type at \(at(context))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .decoding(description: "not valid JSON")
        case .dataCorrupted(let context):
            self = .decoding(description: "an unreadable value at \(at(context))")
        @unknown default:
            self = .decoding(description: error.localizedDescription)
        }
    }

    /// An answer whose status is not a success. Every code lands in a case: none is dropped.
    init(status: Int, message: String?) {
        switch status {
        case 400: self = .badRequest(message: message)
        case 401: self = .unauthorized(message: message)
        case 403: self = .forbidden(message: message)
        case 404: self = .notFound(message: message)
        case 429: self = .tooManyRequests(status: status, message: message)
        case 500...599: self = .server(status: status, message: message)
        default: self = .unexpectedStatus(status: status, message: message)
        }
    }

    /// An answer whose status is not a success, with the server's own words read from its body.
    /// Unsplash says "over the hourly limit" with a 429, or with a 403 that says so: the same
    /// failure, whatever the status.
    init(response: URLResponse?, body: Data) {
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 0
        let message = Self.serverMessage(in: body)
        // One envelope for success and failure: this failure's `data` is the token all the same.
        if let reply = try? JSONDecoder().decode(LoginResponse.self, from: body),
            reply.divisionCode == PopcornDivisionCode.notCompletedSignUp, let token = reply.payloadEvenOnFailure
        {
            self = .signUpNotCompleted(token: token, message: message)
            return
        }
        if status == 403, Self.isOverRateLimit(http, message: message) {
            self = .tooManyRequests(status: status, message: message)
        } else {
            self.init(status: status, message: message)
        }
    }
}

extension APIError: LocalizedError {
    /// A sentence for the person in front of the screen: the server's own message when there is
    /// one, then the status code in brackets, for whoever reads the report.
    public var errorDescription: String? {
        switch self {
        case .invalidRequest(let reason): "The request could not be built: \(reason)"
        case .offline: "You appear to be offline."
        case .timedOut: "The server took too long to answer."
        case .cancelled: "The request was cancelled."
        case .transport(let code): "The connection failed (URLError \(code))."
        case .badRequest(let message): Self.text(message, or: "The server could not use the request", status: 400)
        case .unauthorized(let message):
            Self.text(message, or: "You are not signed in, or the key is not valid", status: 401)
        case .signUpNotCompleted(_, let message): Self.text(message, or: "Your sign-up is not finished", status: 400)
        case .forbidden(let message): Self.text(message, or: "That is not allowed", status: 403)
        case .notFound(let message): Self.text(message, or: "Nothing was found there", status: 404)
        case .tooManyRequests(let status, let message):
            Self.text(message, or: "Too many requests; try again later", status: status)
        case .server(let status, let message): Self.text(message, or: "The server failed", status: status)
        case .unexpectedStatus(let status, let message):
            Self.text(message, or: "The server answered unexpectedly", status: status)
        case .emptyBody: "The reply was empty."
        case .decoding(let description): "The reply could not be read: \(description)."
        }
    }

    private static func text(_ message: String?, or fallback: String, status: Int) -> String {
        "\(message ?? fallback) (\(status))"
    }
}
