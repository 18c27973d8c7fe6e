// The shared models against replies shaped as the servers document them, with a plain JSONDecoder.
import Foundation
import Models
import Testing

@Suite("Models")
struct ModelTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test("a photo decodes from Unsplash's documented shape, ignoring the fields the workbook does not use")
    func documentedPhoto() throws {
        let photo = try decode(
            Photo.self,
            """
            {"id":"Dwu85P9SOIk","created_at":"2016-05-03T11:00:28-04:00","updated_at":"2016-07-10T11:00:01-05:00",
             "width":2448,"height":3264,"color":"#6E633A","blur_hash":"LFC$yHwc8^$yIAS$%M%00KxukYIp","downloads":1345,
             "likes":24,"liked_by_user":false,"description":"A man drinking a coffee.",
             "exif":{"make":"Canon","model":"Canon EOS 40D","exposure_time":"0.011111111111111112","aperture":"4.970854",
                     "focal_length":"37","iso":100},
             "location":{"name":"Montreal, Canada","city":"Montreal","country":"Canada",
                         "position":{"latitude":45.473298,"longitude":-73.638488}},
             "tags":[{"title":"man"},{"title":"drinking"}],
             "current_user_collections":[{"id":206,"title":"Makers: Cat and Ben","published_at":"2016-01-12T18:16:09-05:00",
                                          "last_collected_at":"2016-06-02T13:10:03-04:00","updated_at":"2016-07-10T11:00:01-05:00",
                                          "cover_photo":null,"user":null}],
             "urls":{"raw":"https://images.unsplash.com/face-springmorning.jpg",
                     "full":"https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg",
                     "regular":"https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=1080&fit=max",
                     "small":"https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=400&fit=max",
                     "thumb":"https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=200&fit=max"},
             "links":{"self":"https://api.unsplash.com/photos/Dwu85P9SOIk","html":"https://unsplash.com/photos/Dwu85P9SOIk",
                      "download":"https://unsplash.com/photos/Dwu85P9SOIk/download",
                      "download_location":"https://api.unsplash.com/photos/Dwu85P9SOIk/download"},
             "user":{"id":"QPxL2MGqfrw","updated_at":"2016-07-10T11:00:01-05:00","username":"exampleuser","name":"Joe Example",
                     "portfolio_url":"https://example.com/","bio":"Just an everyday Joe","location":"Montreal",
                     "total_likes":5,"total_photos":10,"total_collections":13,
                     "links":{"self":"https://api.unsplash.com/users/exampleuser","html":"https://unsplash.com/exampleuser"}}}
            """)
        #expect(photo.id == "Dwu85P9SOIk")
        #expect(photo.blurHash == "LFC$yHwc8^$yIAS$%M%00KxukYIp")
        #expect(photo.altDescription == nil, "the documented example leaves alt_description out")
        #expect(photo.urls.small.absoluteString.hasSuffix("w=400&fit=max"))
        #expect(photo.user.username == "exampleuser")
    }

    @Test("a photo decodes when its optional fields are null")
    func nullFields() throws {
        let photo = try decode(
            Photo.self,
            """
            {"id":"x","created_at":"2020-01-01T00:00:00Z","width":1,"height":2,"color":null,"blur_hash":null,
             "description":null,"alt_description":null,"likes":0,
             "urls":{"raw":"https://i.example/r","full":"https://i.example/f","regular":"https://i.example/g",
                     "small":"https://i.example/s","thumb":"https://i.example/t"},
             "user":{"id":"u","username":"u","name":"U"}}
            """)
        #expect(photo.color == nil && photo.blurHash == nil && photo.description == nil && photo.altDescription == nil)
    }

    @Test("a photo without an id does not decode")
    func requiredField() {
        #expect(throws: DecodingError.self) {
            try decode(Photo.self, #"{"created_at":"2020","width":1,"height":2,"likes":0}"#)
        }
    }

    @Test("a search page decodes total, total_pages and results")
    func searchPage() throws {
        let page = try decode(SearchPage.self, #"{"total":133,"total_pages":7,"results":[]}"#)
        #expect(page == SearchPage(total: 133, totalPages: 7, results: []))
    }

    @Test("the login envelope carries a token on success and a message on failure")
    func loginEnvelope() throws {
        let success = try decode(
            LoginResponse.self,
            """
            {"resultCode":200,"status":"success","data":{"access_token":"a","refresh_token":"r",
             "access_expired_at":"2026-01-01","refresh_expired_at":"2026-02-01"}}
            """)
        #expect(
            success.token
                == Token(
                    accessToken: "a", refreshToken: "r", accessExpiredAt: "2026-01-01", refreshExpiredAt: "2026-02-01"))
        #expect(success.message == nil)
        let failure = try decode(
            LoginResponse.self, #"{"resultCode":401,"status":"fail","data":"Invalid username or password"}"#)
        #expect(failure.token == nil)
        #expect(failure.message == "Invalid username or password")
    }

    @Test("a token is not a success unless status says so")
    func tokenNeedsSuccess() throws {
        let odd = try decode(
            LoginResponse.self,
            """
            {"resultCode":200,"status":"pending","data":{"access_token":"a","refresh_token":"r",
             "access_expired_at":"x","refresh_expired_at":"y"}}
            """)
        #expect(odd.token == nil)
    }

    // MARK: - Popcorn's envelope

    static let token = Token(
        accessToken: "a", refreshToken: "r", accessExpiredAt: "2026-01-01", refreshExpiredAt: "2026-02-01")
    static let tokenJSON =
        #"{"access_token":"a","refresh_token":"r","access_expired_at":"2026-01-01","refresh_expired_at":"2026-02-01"}"#

    @Test("the envelope's success hands over its payload, as a token or a profile, and no message")
    func envelopeSuccess() throws {
        let login = try decode(
            PopcornEnvelope<Token>.self, #"{"resultCode":200,"status":"success","data":\#(Self.tokenJSON)}"#)
        #expect(login.succeeded && login.resultCode == 200)
        #expect(login.payload == Self.token && login.payloadEvenOnFailure == Self.token)
        #expect(login.message == nil && login.divisionCode == nil)
        let me = try decode(
            PopcornEnvelope<Profile>.self,
            """
            {"resultCode":200,"status":"success",
             "data":{"username":"popcorn","display_name":"Popcorn Demo","joined_at":"2025-03-14T10:00:00+09:00"}}
            """)
        #expect(
            me.payload
                == Profile(username: "popcorn", displayName: "Popcorn Demo", joinedAt: "2025-03-14T10:00:00+09:00"))
    }

    @Test("an ordinary failure's message is its data string, and it has no payload")
    func envelopeOrdinaryFailure() throws {
        let reply = try decode(
            PopcornEnvelope<Profile>.self, #"{"resultCode":401,"status":"fail","data":"Invalid access token"}"#)
        #expect(!reply.succeeded)
        #expect(reply.message == "Invalid access token")
        #expect(reply.payload == nil && reply.payloadEvenOnFailure == nil && reply.divisionCode == nil)
        #expect(reply.data == .message("Invalid access token"))
    }

    @Test("an E009 failure carries its division code, its message and the tokens all the same")
    func envelopeUnfinishedSignUp() throws {
        let reply = try decode(
            LoginResponse.self,
            """
            {"resultCode":400,"status":"fail","divisionCode":"E009","message":"Not completed sign-up",
             "data":\(Self.tokenJSON)}
            """)
        #expect(reply.divisionCode == PopcornDivisionCode.notCompletedSignUp)
        #expect(reply.message == "Not completed sign-up")
        #expect(reply.token == nil && reply.payload == nil, "a failure is not a sign-in")
        #expect(reply.payloadEvenOnFailure == Self.token)
    }

    @Test("an expired token's 401 has a division code, a message field and null data")
    func envelopeTokenExpired() throws {
        let reply = try decode(
            PopcornEnvelope<Profile>.self,
            #"{"resultCode":401,"status":"fail","divisionCode":"TOKEN_EXPIRED","message":"Access token expired","data":null}"#
        )
        #expect(reply.divisionCode == PopcornDivisionCode.tokenExpired)
        #expect(reply.message == "Access token expired")
        #expect(reply.data == nil && reply.payloadEvenOnFailure == nil)
        let noData = try decode(PopcornEnvelope<Profile>.self, #"{"resultCode":401,"status":"fail"}"#)
        #expect(noData.data == nil && noData.message == nil)
    }

    @Test("the message field comes before a data string")
    func envelopeMessageFieldFirst() throws {
        let reply = try decode(
            LoginResponse.self, #"{"resultCode":423,"status":"fail","message":"Account locked","data":"locked"}"#)
        #expect(reply.message == "Account locked")
        #expect(reply.data == .message("locked"))
    }

    @Test(
        "a failure whose data is of another shape keeps its message; a success whose payload is broken does not decode")
    func envelopeOddData() throws {
        let failure = try decode(
            PopcornEnvelope<Profile>.self,
            #"{"resultCode":500,"status":"fail","message":"Try again later","data":{"trace":42}}"#)
        #expect(failure.message == "Try again later" && failure.data == nil)
        #expect(throws: DecodingError.self) {
            try decode(PopcornEnvelope<Profile>.self, #"{"resultCode":200,"status":"success","data":{"trace":42}}"#)
        }
        let empty = try decode(PopcornEnvelope<Profile>.self, #"{"resultCode":200,"status":"success"}"#)
        #expect(empty.succeeded && empty.payload == nil)
    }

    @Test(
        "a reply that is not an envelope does not decode as one",
        arguments: [
            #"{"errors":["Rate Limit Exceeded"]}"#, "Rate Limit Exceeded", #"[{"resultCode":200}]"#,
            #"{"resultCode":"200","status":"success"}"#, #"{"status":"success","data":"ok"}"#, "",
        ])
    func notAnEnvelope(body: String) {
        #expect(throws: DecodingError.self) {
            try decode(PopcornEnvelope<Token>.self, body)
        }
    }

    @Test("a profile reads snake_case keys with a plain decoder; display_name may be null, joined_at may not")
    func profile() throws {
        let unfinished = try decode(
            Profile.self, #"{"username":"kernel","display_name":null,"joined_at":"2026-12-30T08:15:00+09:00"}"#)
        #expect(unfinished == Profile(username: "kernel", displayName: nil, joinedAt: "2026-12-30T08:15:00+09:00"))
        #expect(throws: DecodingError.self) {
            try decode(Profile.self, #"{"username":"kernel","displayName":"Kernel"}"#)
        }
    }

    @Test("Unsplash's error body decodes")
    func errorBody() throws {
        #expect(
            try decode(UnsplashErrorBody.self, #"{"errors":["Couldn't find Photo"]}"#).errors == ["Couldn't find Photo"]
        )
    }
}
