// How a Korean reader says what the pages quote in Latin letters and digits, so the particle after it
// can be held to the last syllable: `Result`는 (리절트), `Token`은 (토큰), URL로 (유알엘). The table
// holds the code names the Korean pages use; a word it does not hold is not guessed.
import Foundation
import Locking

/// How the syllable before a particle ends: no final consonant (받침), ㄹ, or another one.
enum FinalConsonant: Sendable, Equatable {
    case none, rieul, other

    /// The final of a Hangul syllable; nil for any other character.
    init?(syllable: Character) {
        guard let scalar = syllable.unicodeScalars.first, syllable.unicodeScalars.count == 1,
            (0xAC00...0xD7A3).contains(scalar.value)
        else { return nil }
        switch (scalar.value - 0xAC00) % 28 {
        case 0: self = .none
        case 8: self = .rieul
        default: self = .other
        }
    }
}

enum KoreanReading {
    /// How a reader says `code`, a code span's text or a word in Latin letters, by the word that
    /// ends it: the last part of a camel-case, snake-case or dotted name, a number read in Korean;
    /// nil when the table does not know the word.
    static func reading(of code: String) -> String? {
        // The pages quote the same names over and over; each is read with regular expressions once.
        read.remembered(code) { reading(uncached: code) }
    }

    private static let read = Locked<[String: String?]>([:])

    private static func reading(uncached code: String) -> String? {
        var text = code.trimmingSpaces
        if let symbol = symbols[text] { return symbol }
        // A trailing `/` is not read; a trailing `?` or `!` may be (물음표, 느낌표), so the name before
        // it must end as they do, with no final consonant.
        var mark = false
        while let last = text.last, "?!/".contains(last), text.count > 1 {
            mark = mark || last != "/"
            text.removeLast()
        }
        var label: String?
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            let labels = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard labels.range(of: #"^([A-Za-z_]+:)*$"#, options: .regularExpression) != nil else { return nil }
            label = labels.split(separator: ":").last { $0 != "_" }.map(String.init)
            text = String(text[..<open])
        }
        if text.count > 2, text.first == "\"", text.last == "\"" { text = String(text.dropFirst().dropLast()) }
        // A function is read to its last label, as docs/ko/glossary.md says: `userPhotos(username:)` is
        // 유저네임 and takes 을 on every page, `init(client:)` is 클라이언트. A label the table does not
        // know is not guessed, and neither is the name before it.
        guard let said = name(label ?? text) else { return nil }
        return !mark || said.last.flatMap(FinalConsonant.init) == FinalConsonant.none ? said : nil
    }

    /// How a reader says `text` by the word or number that ends it.
    private static func name(_ text: String) -> String? {
        if let number = text.range(of: #"[0-9][0-9,]*(\.[0-9]+)*$"#, options: .regularExpression) {
            let korean = reading(ofNumber: String(text[number]))
            // A digit that ends a name (`Stage3`) is said in English as often as in Korean (쓰리, 삼):
            // only a particle both readings agree on is held.
            if number.lowerBound > text.startIndex, text[text.index(before: number.lowerBound)].isLetter {
                let english = text[number].last.flatMap { Self.englishDigits[$0] }
                guard let english, english.last.flatMap(FinalConsonant.init) == korean.last.flatMap(FinalConsonant.init)
                else { return nil }
            }
            return korean
        }
        guard let run = text.range(of: "[A-Za-z]+$", options: .regularExpression) else { return nil }
        let name = String(text[run])
        let parts = camelParts?.matches(in: name, range: NSRange(name.startIndex..., in: name)) ?? []
        guard let last = parts.last, let part = Range(last.range, in: name) else { return nil }
        let word = name[part].lowercased()
        return word.count == 1 ? letters[word] : words[word]
    }

    /// One word of a camel-case name: URLSession is URL and Session.
    private static let camelParts = try? NSRegularExpression(pattern: "[A-Z]+(?![a-z])|[A-Z]?[a-z]+")

    /// A number as Korean reads it, up to its last syllable: 401 사백일, 200 이백, 1,600 천육백,
    /// 6.3.1 육 점 삼 점 일, 0413 공사일삼.
    static func reading(ofNumber number: String) -> String {
        let digits = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]
        let plain = number.filter { $0 != "," }
        func digit(_ character: Character?) -> String { character?.wholeNumberValue.map { digits[$0] } ?? "" }
        if plain.contains(".") || (plain.count > 1 && plain.hasPrefix("0")) { return digit(plain.last) }
        let zeros = plain.reversed().prefix { $0 == "0" }.count
        guard zeros > 0 else { return digit(plain.last) }
        guard zeros < plain.count else { return "영" }
        let units = ["십", "백", "천", "만", "십만", "백만", "천만", "억"]
        return zeros <= units.count ? units[zeros - 1] : "억"
    }

    /// A digit said in English, as it ends a name such as `Stage3` (스테이지 쓰리).
    static let englishDigits: [Character: String] = [
        "0": "제로", "1": "원", "2": "투", "3": "쓰리", "4": "포", "5": "파이브", "6": "식스", "7": "세븐",
        "8": "에잇", "9": "나인",
    ]

    /// The symbols quoted alone whose every usual reading ends the same way.
    static let symbols: [String: String] = [
        "+": "플러스", "/": "슬래시", "%": "퍼센트", "?": "물음표", "_": "언더스코어", "&": "앰퍼샌드",
        ".": "점", "\"": "따옴표", "()": "빈 괄호", "✓": "체크", "✗": "엑스", "–": "대시",
    ]

    /// One letter, read by its name.
    static let letters: [String: String] = [
        "a": "에이", "b": "비", "c": "씨", "d": "디", "e": "이", "f": "에프", "g": "지", "h": "에이치",
        "i": "아이", "j": "제이", "k": "케이", "l": "엘", "m": "엠", "n": "엔", "o": "오", "p": "피", "q": "큐",
        "r": "알", "s": "에스", "t": "티", "u": "유", "v": "브이", "w": "더블유", "x": "엑스", "y": "와이",
    ]

    /// The words the Korean pages end a code name with, lowercased, as a Korean iOS developer says
    /// them; an acronym by its usual reading (JSON 제이슨, GET 겟), not always letter by letter.
    static let words: [String: String] = {
        var table: [String: String] = [:]
        for line in wordTable.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2 { table[String(fields[0])] = String(fields[1]) }
        }
        return table
    }()

    private static let wordTable = """
        actor 액터
        adapter 어댑터
        after 애프터
        alamofire 알라모파이어
        all 올
        api 에이피아이
        apply 어플라이
        async 어싱크
        authenticator 오센티케이터
        authorization 오소리제이션
        await 어웨이트
        bash 배시
        bearer 베어러
        body 바디
        build 빌드
        building 빌딩
        call 콜
        calling 콜링
        calls 콜스
        cancellation 캔슬레이션
        cancelled 캔슬드
        capability 케이퍼빌리티
        case 케이스
        cases 케이시스
        catch 캐치
        check 체크
        ci 씨아이
        cli 씨엘아이
        client 클라이언트
        clock 클락
        clone 클론
        closure 클로저
        codable 코더블
        code 코드
        com 컴
        combine 컴바인
        compare 컴페어
        completed 컴플리티드
        completion 컴플리션
        components 컴포넌츠
        concurrency 컨커런시
        concurrent 컨커런트
        configuration 컨피규레이션
        connect 커넥트
        content 콘텐트
        continuation 컨티뉴에이션
        convertible 컨버터블
        curl 컬
        data 데이터
        decodable 디코더블
        decoder 디코더
        decoding 디코딩
        default 디폴트
        deinit 디이닛
        delete 딜리트
        description 디스크립션
        diff 디프
        do 두
        docs 독스
        doctor 닥터
        documentation 도큐멘테이션
        else 엘스
        encoder 인코더
        endpoint 엔드포인트
        enum 이넘
        error 에러
        example 이그잼플
        exceeded 익시디드
        exception 익셉션
        exercise 엑서사이즈
        exercises 엑서사이즈
        expired 익스파이어드
        extension 익스텐션
        failed 페일드
        failure 페일러
        failures 페일러스
        false 폴스
        favorite 페이버릿
        featured 피처드
        filter 필터
        found 파운드
        foundation 파운데이션
        fragment 프래그먼트
        get 겟
        git 깃
        group 그룹
        guard 가드
        harness 하네스
        headers 헤더스
        hiding 하이딩
        host 호스트
        http 에이치티티피
        id 아이디
        idle 아이들
        if 이프
        import 임포트
        in 인
        init 이닛
        injected 인젝티드
        int 인트
        interceptor 인터셉터
        ios 아이오에스
        item 아이템
        items 아이템스
        json 제이슨
        kata 카타
        key 키
        keys 키스
        kind 카인드
        ko 코
        learner 러너
        left 레프트
        let 렛
        limit 리밋
        literals 리터럴스
        live 라이브
        load 로드
        loaded 로디드
        loading 로딩
        lock 락
        log 로그
        login 로그인
        logout 로그아웃
        main 메인
        making 메이킹
        manager 매니저
        map 맵
        markdown 마크다운
        masking 마스킹
        md 엠디
        me 미
        message 메시지
        method 메서드
        metrics 메트릭스
        minutes 미니츠
        model 모델
        models 모델스
        monitor 모니터
        moya 모야
        ms 밀리초
        name 네임
        networking 네트워킹
        networklayerworkbook 네트워크레이어워크북
        never 네버
        nil 닐
        nonisolated 논아이솔레이티드
        note 노트
        null 널
        only 온리
        os 오에스
        out 아웃
        outcome 아웃컴
        package 패키지
        page 페이지
        parameters 파라미터스
        password 패스워드
        patch 패치
        path 패스
        photo 포토
        photos 포토스
        plan 플랜
        plugin 플러그인
        plugins 플러그인스
        pm 피엠
        policy 폴리시
        pop 팝
        popcorn 팝콘
        porcelain 포슬린
        post 포스트
        prepare 프리페어
        private 프라이빗
        probe 프로브
        problems 프로블럼스
        profile 프로필
        protocol 프로토콜
        publisher 퍼블리셔
        put 풋
        query 쿼리
        random 랜덤
        read 리드
        readme 리드미
        receive 리시브
        refresh 리프레시
        release 릴리스
        reliability 릴라이어빌리티
        remaining 리메이닝
        reply 리플라이
        request 리퀘스트
        requesting 리퀘스팅
        requests 리퀘스츠
        response 리스폰스
        result 리절트
        results 리절츠
        resume 리쥼
        retry 리트라이
        return 리턴
        router 라우터
        scheme 스킴
        screen 스크린
        search 서치
        secrets 시크릿츠
        segment 세그먼트
        segments 세그먼츠
        self 셀프
        send 센드
        sendable 센더블
        sentence 센텐스
        separate 세퍼레이트
        server 서버
        session 세션
        set 셋
        shared 셰어드
        sink 싱크
        site 사이트
        start 스타트
        stash 스태시
        state 스테이트
        status 스테이터스
        stop 스톱
        store 스토어
        string 스트링
        struct 스트럭트
        success 석세스
        suites 스위츠
        swift 스위프트
        swiftly 스위프틀리
        switch 스위치
        sync 싱크
        target 타깃
        task 태스크
        test 테스트
        testing 테스팅
        tests 테스츠
        throw 스로
        throws 스로즈
        tls 티엘에스
        token 토큰
        true 트루
        try 트라이
        type 타입
        typealias 타입에일리어스
        ui 유아이
        unauthorized 언오소라이즈드
        unavailable 언어베일러블
        unified 유니파이드
        unsplash 언스플래시
        url 유알엘
        username 유저네임
        users 유저스
        validate 밸리데이트
        value 밸류
        values 밸류스
        variants 배리언츠
        version 버전
        view 뷰
        void 보이드
        weak 위크
        wins 윈스
        workbook 워크북
        write 라이트
        wsl 더블유에스엘
        xcode 엑스코드
        xx 엑스엑스
        """
}
