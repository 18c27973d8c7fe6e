// Stage 4's own checks, which name Stage4Generic's types (its APIClient). `workbook kata start 4`
// sets this file aside, since stage 3's code has none of them; `kata reset 4` brings it back.
import Stage4Generic
import StageTesting
import Testing

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
