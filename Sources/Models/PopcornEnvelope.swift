// The envelope every Popcorn reply comes in, success and failure alike.

/// `{"resultCode": Int, "status": String, "divisionCode": String?, "message": String?, "data": …}`
///
/// | reply | `status` | `divisionCode` | `message` | `data` |
/// |---|---|---|---|---|
/// | success | `"success"` | – | – | the payload: a `Token`, a `Profile` |
/// | an ordinary failure | `"fail"` | – | – | a message for a person |
/// | an unfinished sign-up | `"fail"` | `"E009"` | why | the payload all the same: the tokens |
/// | an expired access token | `"fail"` | `"TOKEN_EXPIRED"` | why | null |
///
/// `data` that is a string is always read as a message, so `Payload` is never `String`. On a
/// failure, a `data` that is neither a string nor a payload is left out rather than losing the
/// rest of the envelope; on a success it fails the decoding, since the payload was the point.
public struct PopcornEnvelope<Payload: Decodable>: Decodable {
    /// The server's own copy of the HTTP status.
    public let resultCode: Int
    /// `"success"` when the call worked; anything else means it did not.
    public let status: String
    /// Which failure it is, for a program to tell apart; `nil` on a success and on ordinary failures.
    public let divisionCode: String?
    /// The `data` field as sent; `nil` when it was missing or null.
    public let data: PopcornData<Payload>?
    // The `message` field as sent; `message` below reads `data` too.
    private let messageField: String?

    public init(
        resultCode: Int, status: String, divisionCode: String? = nil, message: String? = nil,
        data: PopcornData<Payload>?
    ) {
        self.resultCode = resultCode
        self.status = status
        self.divisionCode = divisionCode
        self.messageField = message
        self.data = data
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resultCode = try container.decode(Int.self, forKey: .resultCode)
        status = try container.decode(String.self, forKey: .status)
        divisionCode = try container.decodeIfPresent(String.self, forKey: .divisionCode)
        messageField = try container.decodeIfPresent(String.self, forKey: .messageField)
        if status == Self.success {
            data = try container.decodeIfPresent(PopcornData<Payload>.self, forKey: .data)
        } else {
            data = try? container.decodeIfPresent(PopcornData<Payload>.self, forKey: .data)
        }
    }

    enum CodingKeys: String, CodingKey {
        case resultCode, status, divisionCode, data
        case messageField = "message"
    }

    private static var success: String { "success" }

    /// Whether the server said the call worked.
    public var succeeded: Bool {
        status == Self.success
    }

    /// The payload, only when the server said the call worked.
    public var payload: Payload? {
        succeeded ? payloadEvenOnFailure : nil
    }

    /// The payload whatever the status: an unfinished sign-up (`E009`) is a failure that still
    /// hands over the tokens.
    public var payloadEvenOnFailure: Payload? {
        guard case .payload(let payload) = data else { return nil }
        return payload
    }

    /// What the server said for a person: the `message` field, or else `data` when it is a string.
    public var message: String? {
        if let messageField { return messageField }
        guard case .message(let message) = data else { return nil }
        return message
    }
}

extension PopcornEnvelope: Equatable where Payload: Equatable {}
extension PopcornEnvelope: Sendable where Payload: Sendable {}

/// The `data` field: one key, two shapes.
public enum PopcornData<Payload: Decodable>: Decodable {
    case payload(Payload)
    case message(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // A string is the failure shape; anything else must be a whole payload.
        if let message = try? container.decode(String.self) {
            self = .message(message)
        } else {
            self = .payload(try container.decode(Payload.self))
        }
    }
}

extension PopcornData: Equatable where Payload: Equatable {}
extension PopcornData: Sendable where Payload: Sendable {}

/// The `divisionCode`s Popcorn sends, for a program to tell its failures apart.
public enum PopcornDivisionCode {
    /// The account's sign-up is not finished. The login fails (400), but `data` carries the tokens,
    /// which work for the calls that finish it.
    public static let notCompletedSignUp = "E009"
    /// The access token has expired (401); the refresh token can get a new one.
    public static let tokenExpired = "TOKEN_EXPIRED"
}

/// A login's reply: the envelope with a `Token` in `data`.
public typealias LoginResponse = PopcornEnvelope<Token>

extension PopcornEnvelope where Payload == Token {
    /// The token, only when the server said the login worked.
    public var token: Token? {
        payload
    }
}
