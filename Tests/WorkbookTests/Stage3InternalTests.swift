// Stage 3's own checks, which name Stage3Result's types (its APIError). `workbook kata start 3`
// sets this file aside, since stage 2's code has none of them; `kata reset 3` brings it back.
import Foundation
import Testing

@testable import Stage3Result

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
}
