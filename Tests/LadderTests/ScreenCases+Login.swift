// The shared screen cases of the sign-in screen: `LoginScreen` driven as a person signs in, apart
// from ScreenCases.swift's photo screen only to keep each file short.
import FakeServers
import Foundation
import Harness
import Models
import Observation
import StageTesting
import Testing

extension ScreenCases {
    static var login: [ScreenCase] {
        [
            ScreenCase("login screen: signing in shows idle, signing in, signed in, and keeps the token off the screen")
            {
                stage in
                let screen = stage.adapter.makeLoginScreen()
                let shown = ShownStates { screen.state }
                screen.username = FakeServers.demoUsername
                screen.password = FakeServers.demoPassword
                screen.signIn()
                try await shown.wait(until: \.isSettled, "signed in or refused")
                #expect(shown.states == [.idle, .signingIn, .signedIn])
                #expect(shown.changesOffTheMainQueue == 0)
            },
            ScreenCase("login screen: a wrong password is refused with a sentence that never shows it, and no Retry") {
                stage in
                let screen = stage.adapter.makeLoginScreen()
                let shown = ShownStates { screen.state }
                screen.username = FakeServers.demoUsername
                screen.password = FakeServers.demoPassword + "?"
                // A server that echoes the password back, as some do.
                stage.fake.override(
                    .login,
                    with: .reply(
                        status: 401, body: #"{"resultCode":401,"status":"fail","data":"No \#(screen.password)"}"#))
                screen.signIn()
                try await shown.wait(until: \.isSettled, "refused")
                guard case .refused(let sentence, let canRetry) = shown.last else {
                    Issue.record("stage \(stage.number) shows \(shown.last)")
                    return
                }
                #expect(!sentence.isEmpty && !sentence.contains(FakeServers.demoPassword))
                if stage.declares(.typedFailures) {
                    #expect(sentence.contains("Wrong username or password") && !canRetry, "\"\(sentence)\"")
                }
                #expect(screen.username == FakeServers.demoUsername, "a refusal keeps what was typed")
                #expect(screen.password == FakeServers.demoPassword + "?")
            },
            ScreenCase(
                "login screen: an unfinished sign-up is refused, no token in the sentence; typed stages keep its tokens"
            ) { stage in
                let screen = stage.adapter.makeLoginScreen()
                let shown = ShownStates { screen.state }
                screen.username = FakeServers.unfinishedUsername
                screen.password = FakeServers.unfinishedPassword
                screen.signIn()
                try await shown.wait(until: \.isSettled, "refused")
                guard case .refused(let sentence, let canRetry) = shown.last else {
                    Issue.record("stage \(stage.number) shows \(shown.last)")
                    return
                }
                let secrets = SharedCase.secrets.filter { sentence.contains($0) }
                #expect(!sentence.isEmpty && secrets.isEmpty, "stage \(stage.number)'s sentence shows a secret")
                if stage.declares(.typedFailures) {
                    let shown = secrets.isEmpty ? "\"\(sentence)\"" : "(not shown: it holds a secret)"
                    #expect(sentence.contains("sign-up is not finished") && !canRetry, "\(shown)")
                }
                guard stage.declares(.errorsCarryData) else {
                    #expect(screen.token == nil)
                    return
                }
                // Kept for the calls that finish the sign-up: the next signed-in call goes out with them.
                let token = try #require(screen.token, "stage \(stage.number)'s screen dropped the E009 tokens")
                let profile = await stage.adapter.profile(token: token)
                #expect(profile.value?.username == FakeServers.unfinishedUsername)
                #expect(stage.fake.log.last?.header("Authorization") == "Bearer \(token.accessToken)")
            },
            ScreenCase("login screen: offline is refused with Retry, and Retry signs in as typed") { stage in
                stage.fake.override(.login, with: .failure(.notConnectedToInternet))
                let screen = stage.adapter.makeLoginScreen()
                let shown = ShownStates { screen.state }
                screen.username = FakeServers.demoUsername
                screen.password = FakeServers.demoPassword
                screen.signIn()
                try await shown.wait(until: \.isSettled, "refused")
                guard case .refused(let sentence, let canRetry) = shown.last else {
                    Issue.record("stage \(stage.number) shows \(shown.last)")
                    return
                }
                #expect(canRetry)
                if stage.declares(.typedFailures) {
                    #expect(sentence.contains("offline"), "\"\(sentence)\"")
                }
                screen.signIn()
                try await shown.wait(until: { $0 == .signedIn }, "signed in after Retry")
                #expect(stage.fake.log.count == 2)
            },
            ScreenCase("login screen: leaving while signing in releases the screen at once") { stage in
                let held = stage.fake.hold(.login)
                var screen: (any LoginScreenModel)? = stage.adapter.makeLoginScreen()
                screen?.username = FakeServers.demoUsername
                screen?.password = FakeServers.demoPassword
                screen?.signIn()
                #expect(await held.waitUntilHeld(1))
                weak let gone = screen
                screen = nil
                #expect(gone == nil, "stage \(stage.number) keeps a screen that was left")
                if stage.declares(.cancelsWhenLeft) {
                    _ = try await stage.waitUntilStopped(keeping: .cancelsWhenLeft)
                }
                held.open()
            },
        ]
    }
}
