// Stage 4 on the shared suite: `swift test --filter Stage4` runs every case against it alone.
import Stage4Generic
import StageAdapters
import TestSupport
import Testing
import Tour

extension FakeServerSuites {
    @Suite("Stage4Generic")
    struct Stage4Tests {
        @Test("Stage 4 passes the shared case", arguments: SharedCases.all)
        func sharedCase(_ sharedCase: SharedCase) async throws {
            try await sharedCase.run(on: Stage4Adapter())
        }
    }
}

extension FakeServerSuites.Stage4Tests {
    /// A type no call of the workbook uses: the generic request decodes whatever its caller names.
    struct PhotoSize: Decodable, Sendable {
        let width: Int
        let height: Int
    }

    @Test("Stage 4's one request decodes any Decodable its caller names")
    func genericRequest() async throws {
        _ = freshFake()
        let size: Result<PhotoSize, APIError> = await withCheckedContinuation { continuation in
            APIClient.shared.request(UnsplashAPI.photo(id: "Dwu85P9SOIk"), as: PhotoSize.self) {
                continuation.resume(returning: $0)
            }
        }
        let value = try size.get()
        #expect(value.width == 2448 && value.height == 3264)
    }
}

extension FakeServerSuites.Stage4Tests {
    @Test("Stage 4 survives every bad reply", arguments: BadReplies.all)
    func badReply(_ badReply: BadReply) async {
        await check(badReply, on: Stage4Adapter())
    }
}

extension FakeServerSuites.Stage4Tests {
    @Test("Stage 4 sends what the user typed, or says exactly how it does not", arguments: BadInputs.all)
    func badInput(_ input: BadInput) async {
        await check(input, on: Stage4Adapter())
    }
}

extension FakeServerSuites.Stage4Tests {
    @Test("Stage 4's screens pass the shared screen case", arguments: ScreenCases.all)
    @MainActor func sharedScreenCase(_ screenCase: ScreenCase) async throws {
        try await screenCase.run(on: Stage4Adapter())
    }
}
