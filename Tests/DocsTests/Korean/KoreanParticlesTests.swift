// Every particle on a Korean page matched to what it follows: the syllable's final consonant, or how
// a reader says a name in Latin letters. The check is in KoreanParticles.swift, the readings in
// KoreanReadings.swift; the pages still to be revised are KoreanTerms.awaitingRevision.
import FakeTurns
import Testing

@Suite("Docs: the Korean particles", .serialized, .busyLane)
struct KoreanParticlesTests {
    @Test(
        "every particle after a code span, a Latin word or a glossary term fits it",
        arguments: KoreanTermsTests.koreanPages)
    func particles(_ file: DocFile) throws {
        let problems = KoreanParticles.problems(on: try PackageWorld.page(file.path))
        KoreanTermsTests.record(problems, on: file.path)
    }

    @Test("the four typos the workshop guide had, planted back, are each reported with the particle to write")
    func plantedWorkshopTypos() {
        let page = DocPage(
            path: "docs/ko/workshop.md",
            text: """
                이번 장를 읽기 전에 준비합니다. 각 장는 단계 하나를 다룹니다.

                3단계의 커스텀 에러 타입를 화면이 `switch`로 읽습니다. 이때 사다리
                검사은 호출 단위로 셉니다.
                """)
        let found = KoreanParticles.problems(on: page, terms: KoreanParticles.terms)
        #expect(found.map(\.excerpt) == ["장를", "장는", "커스텀 에러 타입를", "검사은"], "\(found)")
        #expect(found.map(\.line) == [1, 1, 3, 4])
        #expect(found.map { $0.message.hasSuffix(", not \($0.excerpt.suffix(1))") } == [true, true, true, true])
        #expect(found.first?.message.contains("the particle after 장 is 을, not 를") == true)
        #expect(found.last?.message.contains("the particle after 검사 is 는, not 은") == true)
    }

    @Test(
        "a Latin name is read aloud: Result는, Token은, API는, URL로, JSON은, 401을; a function by its last label"
    )
    func latinNamesReadAloud() {
        let right = DocPage(
            path: "docs/ko/03-result.md",
            text: """
                `Result`는 값과 에러 중 하나입니다. `Token`은 문자열이고, `URLSession`을 주입합니다.
                API는 URL로 부르고, JSON은 `JSONDecoder`로 읽습니다. 401을 받으면 Swift 6.3.1이
                `photo(id:)`를 다시 부릅니다. `Int?`가 nil이면 `URL(string:)`은 실패합니다. `q`를 누릅니다.
                `Request<T>`을 읽고 `throws(APIError)`을 씁니다. 모르는 `frobnicate`을 씁니다. `init(client:)`를 부릅니다.
                `userPhotos(username:)`을 추가하고 `send(_:)`를 부르며, `load(topic:)`은 모르는 라벨이라 읽지 않습니다.
                """)
        #expect(
            KoreanParticles.problems(on: right, terms: []).isEmpty, "\(KoreanParticles.problems(on: right, terms: []))")
        let wrong = DocPage(
            path: "docs/ko/03-result.md",
            text: """
                `Result`은 값입니다. `Token`는 문자열입니다. API은 URL으로 부릅니다. JSON는 401를
                `kata check 6`는 `APIClient`으로 보내고, `Stage3Result`와는 다릅니다. `photo(id:)`을 부릅니다.
                `userPhotos(username:)`를 추가하고 `init(client:)`은 라벨로 읽습니다.
                """)
        let found = KoreanParticles.problems(on: wrong, terms: [])
        #expect(
            found.map(\.excerpt) == [
                "`Result`은", "`Token`는", "API은", "URL으로", "JSON는", "401를", "`kata check 6`는", "`APIClient`으로",
                "`photo(id:)`을", "`userPhotos(username:)`를", "`init(client:)`은",
            ],
            "\(found)")
    }

    @Test("a digit that ends a name is read in English or in Korean: only what both agree on is held")
    func digitEndingAName() {
        let either = DocPage(
            path: "docs/ko/06-async.md",
            text: "`swift test --filter Stage3`가 돌고 `Stage3`이 끝나면 `Stage6`를 보고 `Stage6`을 닫습니다.")
        #expect(KoreanParticles.problems(on: either, terms: []).isEmpty)
        let wrong = DocPage(path: "docs/ko/06-async.md", text: "`Stage2`을 먼저 보고 `Stage4`은 나중에 봅니다.")
        #expect(KoreanParticles.problems(on: wrong, terms: []).map(\.excerpt) == ["`Stage2`을", "`Stage4`은"])
    }

    @Test("a number is read in Korean up to its last syllable")
    func numbersRead() {
        let readings = ["401", "200", "1,600", "6.3.1", "0413", "120", "0", "2026", "1.00", "10000"].map(
            KoreanReading.reading(ofNumber:))
        #expect(readings == ["일", "백", "백", "일", "삼", "십", "영", "육", "영", "만"])
    }

    @Test("a particle is not read inside a word, and a code span's own text is not read as prose")
    func notParticles() {
        let page = DocPage(
            path: "docs/ko/04-generic.md",
            text: """
                `Photo`이고 Swift가능 `needsSignIn`이라는 2가지 `Task`이나 장점이 있습니다. `장를`

                ```swift
                let 장를 = 1
                ```
                """)
        #expect(KoreanParticles.problems(on: page, terms: ["장"]).isEmpty)
        #expect(KoreanParticles.problems(on: DocPage(path: "docs/03-result.md", text: "`Result`은")).isEmpty)
    }
}
