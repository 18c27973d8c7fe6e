// Stage 3 on the shared suite: `swift test --filter Stage3` runs every case against it alone.
import Foundation
import StageAdapters
import TestSupport
import Testing
import Tour

@testable import Stage3Result

extension FakeServerSuites {
    @Suite("Stage3Result")
    struct Stage3Tests {
        @Test("Stage 3 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage3Adapter())
        }
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3 puts every status code from 300 to 599 in a case, and keeps the ones it does not name")
    func everyStatusHasACase() {
        for status in 300...599 {
            let error = APIError(status: status, message: nil)
            switch error {
            case .badRequest: #expect(status == 400)
            case .unauthorized: #expect(status == 401)
            case .forbidden: #expect(status == 403)
            case .notFound: #expect(status == 404)
            case .tooManyRequests: #expect(status == 429)
            case .server(let code, _): #expect(code == status && (500...599).contains(status))
            case .unexpectedStatus(let code, _): #expect(code == status)
            default: Issue.record("status \(status) became \(error)")
            }
            #expect(error.errorDescription?.contains("\(status)") == true)
        }
    }

    @Test("Stage 3 reads the server's message from Unsplash's errors, Popcorn's data, or plain text")
    func serverMessages() {
        #expect(APIError.serverMessage(in: Data(#"{"errors":["Couldn't find Photo"]}"#.utf8)) == "Couldn't find Photo")
        #expect(APIError.serverMessage(in: Data(#"{"resultCode":401,"status":"fail","data":"Nope"}"#.utf8)) == "Nope")
        #expect(APIError.serverMessage(in: Data("Rate Limit Exceeded\n".utf8)) == "Rate Limit Exceeded")
        #expect(APIError.serverMessage(in: Data("<html><body>502</body></html>".utf8)) == nil)
        #expect(APIError.serverMessage(in: Data()) == nil)
    }

    @Test("Stage 3 keeps what the decoder said about a body it could not read")
    func decodingDescription() async {
        let fake = freshFake()
        fake.override(.photo, with: .reply(status: 200, body: #"{"id": 42}"#))
        let failure = await Stage3Adapter().photo(id: "Dwu85P9SOIk").failure
        #expect(failure?.kind == .decoding)
        #expect(failure?.message.contains("the wrong type at id") == true)
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage3Adapter())
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage3Adapter())
    }
}

extension FakeServerSuites.Stage3Tests {
    @Test("Stage 3's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage3Adapter())
    }
}
