// The bench's first part: what one request costs at each stage, against floors that build and send a
// request by hand.
#if os(macOS) || os(Linux)
import FakeServers
import Foundation
import Harness
import Locking
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Bench {
    /// One way to make one call: a floor or a stage. `run` answers whether a value came back.
    struct Contender: Sendable {
        let call: String
        let name: String
        let stage: Int?
        let floor: String
        let run: @Sendable () async -> Bool
    }

    static let completionFloor = "completion floor"
    static let asyncFloor = "async floor"

    /// Every contender for both calls. Stages 1 to 5 and the completion floor use `URLSession.shared`;
    /// stage 6 and the async floor share `session`, so that they differ only in the layer.
    static func contenders(session: URLSession) -> [Contender] {
        let id = photoID
        let username = FakeServers.demoUsername
        let password = FakeServers.demoPassword
        let photoRequest = floorPhotoRequest(id: id)
        let loginRequest = floorLoginRequest(username: username, password: password)
        let stages = Stages.all(session: session).compactMap { $0 as? any BenchedStage }
        // A stage handed its session is timed beside the async floor, on that session.
        let completionStages = stages.filter { !($0 is any SessionInjected) }
        let asyncStages = stages.filter { $0 is any SessionInjected }
        let c = completionFloor
        let a = asyncFloor
        func photo(_ stage: any BenchedStage, _ floor: String) -> Contender {
            Contender(call: "photo(id:)", name: "stage \(stage.stage.number)", stage: stage.stage.number, floor: floor)
            {
                await stage.benchPhoto(id: id)
            }
        }
        func login(_ stage: any BenchedStage, _ floor: String) -> Contender {
            Contender(call: "login", name: "stage \(stage.stage.number)", stage: stage.stage.number, floor: floor) {
                await stage.benchLogin(username: username, password: password)
            }
        }
        let photoFloors = [
            Contender(call: "photo(id:)", name: c, stage: nil, floor: c) {
                await bridged { done in
                    URLSession.shared.dataTask(with: photoRequest) { data, _, _ in
                        done((try? JSONDecoder().decode(Photo.self, from: data ?? Data())) != nil)
                    }.resume()
                }
            },
            Contender(call: "photo(id:)", name: a, stage: nil, floor: a) {
                guard let (data, _) = try? await session.data(for: photoRequest) else { return false }
                return (try? JSONDecoder().decode(Photo.self, from: data)) != nil
            },
        ]
        let loginFloors = [
            Contender(call: "login", name: c, stage: nil, floor: c) {
                await bridged { done in
                    URLSession.shared.dataTask(with: loginRequest) { data, _, _ in
                        done((try? JSONDecoder().decode(LoginResponse.self, from: data ?? Data()))?.token != nil)
                    }.resume()
                }
            },
            Contender(call: "login", name: a, stage: nil, floor: a) {
                guard let (data, _) = try? await session.data(for: loginRequest) else { return false }
                return (try? JSONDecoder().decode(LoginResponse.self, from: data))?.token != nil
            },
        ]
        // A stage with fewer plugins: not held to a target, but it says what each plugin costs. Its
        // rows come just before the stage's own.
        func variants(of stage: any BenchedStage, call: String) -> [Contender] {
            stage.benchVariants(session: session).map { variant in
                Contender(call: call, name: variant.name, stage: nil, floor: a) {
                    call == "login"
                        ? await variant.calls.benchLogin(username: username, password: password)
                        : await variant.calls.benchPhoto(id: id)
                }
            }
        }
        return [photoFloors[0]] + completionStages.map { photo($0, c) } + [photoFloors[1]]
            + asyncStages.flatMap { variants(of: $0, call: "photo(id:)") + [photo($0, a)] } + [loginFloors[0]]
            + completionStages.map { login($0, c) } + [loginFloors[1]]
            + asyncStages.flatMap { variants(of: $0, call: "login") + [login($0, a)] }
    }

    /// The one shape every completion handler is awaited through, floor and stages alike.
    static func bridged(_ start: (_ done: @escaping @Sendable (Bool) -> Void) -> Void) async -> Bool {
        await BenchBridge.bridged(start)
    }

    /// The request every stage sends for `photo(id:)`, built once, ahead of time: a floor has no
    /// layer, so building the request is the layer's cost, not the floor's.
    static func floorPhotoRequest(id: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://\(FakeServers.unsplashHost)/photos/\(id)")!)
        request.httpMethod = "GET"
        request.setValue("Client-ID \(FakeServers.demoAccessKey)", forHTTPHeaderField: "Authorization")
        return request
    }

    /// The request every stage sends for `login`, body and all, built once.
    static func floorLoginRequest(username: String, password: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://\(FakeServers.popcornHost)/login")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        request.httpBody = try? encoder.encode(["username": username, "password": password])
        return request
    }

    /// Warms every contender up, then times each call of each contender, round after round. Each
    /// round runs every contender in turn (see `order`), so that drift, and whatever ran just
    /// before, falls on all of them alike.
    static func measurePerRequest(
        _ configuration: BenchConfiguration, session: URLSession,
        progress: BenchProgress
    ) async throws -> BenchReport.PerRequest {
        let contenders = contenders(session: session)
        let fake = FakeServers.shared
        progress.update("warming up")
        for contender in contenders {
            fake.reset()
            for _ in 0..<configuration.warmUpCalls {
                try await check(contender)
            }
        }
        let clock = ContinuousClock()
        // Every timing, by contender, and by block of rounds (see `order`).
        var samples = [[Double]](repeating: [], count: contenders.count)
        var blocks = [[[Double]]](repeating: [], count: contenders.count)
        for round in 0..<configuration.rounds {
            let block = round / contenders.count
            for index in contenders.indices where blocks[index].count <= block {
                blocks[index].append([])
            }
            progress.update("per request", step: round + 1, of: configuration.rounds)
            for index in order(count: contenders.count, round: round) {
                let contender = contenders[index]
                fake.reset()
                for _ in 0..<configuration.callsPerRound {
                    let start = clock.now
                    let answered = await contender.run()
                    let elapsed = start.duration(to: clock.now)
                    guard answered else { throw failure(of: contender) }
                    samples[index].append(microseconds(elapsed))
                    blocks[index][block].append(microseconds(elapsed))
                }
            }
        }
        fake.reset()
        let summaries = samples.map { Summary(samples: $0) }
        let measurements = contenders.indices.compactMap { index -> BenchReport.Measurement? in
            let contender = contenders[index]
            guard let time = summaries[index],
                let floorIndex = contenders.firstIndex(where: {
                    $0.call == contender.call && $0.name == contender.floor
                }),
                let floorTime = summaries[floorIndex],
                let ratio = BenchMath.ratio(time.median, to: floorTime.median),
                let byBlock = Summary(samples: BenchMath.blockRatios(blocks[index], to: blocks[floorIndex]))
            else { return nil }
            return BenchReport.Measurement(
                call: contender.call, contender: contender.name, stage: contender.stage,
                floor: contender.floor, microseconds: time.rounded(to: 1),
                ratioToFloor: BenchMath.rounded(ratio, to: 3), ratioToFloorByBlock: byBlock.rounded(to: 3))
        }
        return BenchReport.PerRequest(
            warmUpCalls: configuration.warmUpCalls, rounds: configuration.rounds,
            callsPerRound: configuration.callsPerRound, roundsPerBlock: contenders.count,
            measurements: measurements)
    }

    /// The order of round `round`. Rounds come in blocks of `count`: a block shuffles the
    /// contenders once (the same way on every run), and each of its rounds starts one place further
    /// along that order. So in every block each contender runs once in each place, and which one
    /// runs just before it changes from block to block.
    static func order(count: Int, round: Int) -> [Int] {
        guard count > 0 else { return [] }
        var generator = SplitMix64(seed: UInt64(round / count))
        let shuffled = Array(0..<count).shuffled(using: &generator)
        return (0..<count).map { shuffled[(round + $0) % count] }
    }

    /// A small seeded generator (Steele, Lea and Flood's SplitMix64), so that orders repeat run to run.
    struct SplitMix64: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    private static func check(_ contender: Contender) async throws {
        guard await contender.run() else { throw failure(of: contender) }
    }

    private static func failure(of contender: Contender) -> WorkbookError {
        WorkbookError(
            "bench: \(contender.name) \(contender.call) got no value from the fake; only successful calls are timed.")
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }
}
#endif
