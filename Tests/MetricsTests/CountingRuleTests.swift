// Each counting rule on a small inline source, so a wrong count points at one rule.
import Metrics
import Testing

/// Measures one in-memory file.
private func measure(_ text: String) -> StageMetrics {
    SourceMetrics.measure(module: "Sample", files: [(name: "Sample.swift", text: text)])
}

@Suite("Lines of code")
struct LinesOfCodeTests {
    @Test("blank lines and lines holding only a comment are not lines of code")
    func commentsAndBlanks() {
        let source = """
            // A line comment.
            /// A doc comment.

            /* A block comment
               over two lines. */
            let a = 1 // code with a trailing comment
                \t
            /* leading */ let b = 2
            """
        #expect(measure(source).linesOfCode == 2)
    }

    @Test("a block comment nested in another ends only where the outer one closes")
    func nestedBlockComments() {
        let source = """
            /* outer /* inner */
               still comment: URLSession.shared.dataTask(with: r) workbook-demo-access-key x!
            */
            let a = 1
            """
        let metrics = measure(source)
        #expect(metrics.linesOfCode == 1)
        #expect(metrics.sessionCallSites == 0)
        #expect(metrics.keyLiterals == 0)
        #expect(metrics.forceUnwraps == 0)
    }

    @Test("every line of a multi-line string is a line of code")
    func multilineStringLines() {
        let source = #"""
            let text = """
                // not a comment inside a string
                """
            """#
        #expect(measure(source).linesOfCode == 3)
    }

    @Test("files and lines are summed over all files of a module")
    func summedOverFiles() {
        let metrics = SourceMetrics.measure(
            module: "Two",
            files: [
                (name: "A.swift", text: "let a = 1\nlet b = 2\n"),
                (name: "B.swift", text: "// only a comment\nlet c = \"workbook-demo-access-key\"\n"),
            ])
        #expect(
            metrics
                == StageMetrics(
                    module: "Two", files: 2, linesOfCode: 3, requestFunctions: 0,
                    sessionCallSites: 0, keyLiterals: 1, forceUnwraps: 0, replyDecodes: 0
                ))
    }
}

@Suite("Key literals")
struct KeyLiteralTests {
    @Test("the key counts inside a string literal but not inside a comment")
    func stringNotComment() {
        let source = """
            // The key is workbook-demo-access-key.
            /* workbook-demo-access-key */
            let key = "workbook-demo-access-key"
            """
        #expect(measure(source).keyLiterals == 1)
    }

    @Test("escaped quotes do not end a string early")
    func escapedQuotes() {
        let source = #"let s = "say \"hi\" // workbook-demo-access-key .dataTask(with: r)""#
        let metrics = measure(source)
        #expect(metrics.keyLiterals == 1)
        #expect(metrics.sessionCallSites == 0)
    }

    @Test("the key counts inside a string nested in an interpolation, whose expression is code")
    func interpolationNestedString() {
        let source = #"let header = "Client-ID \(useDemo ? "workbook-demo-access-key" : other!)""#
        let metrics = measure(source)
        #expect(metrics.keyLiterals == 1)
        #expect(metrics.forceUnwraps == 1)
    }

    @Test("a key given as a different literal is counted instead of the demo key")
    func customKeyLiteral() {
        let metrics = SourceMetrics.measure(
            module: "Custom", files: [(name: "A.swift", text: #"let k = "abc"; let d = "workbook-demo-access-key""#)],
            keyLiteral: "abc"
        )
        #expect(metrics.keyLiterals == 1)
    }
}

@Suite("Raw and multi-line strings")
struct RawAndMultilineStringTests {
    @Test("in a raw string a bare quote or backslash neither ends nor escapes, but \\#( interpolates")
    func rawStrings() {
        let source = ##"""
            let a = #"say "hi" \(notInterpolated!) workbook-demo-access-key"#
            let b = ##"a "# is still inside"## + #"\#(value!)"#
            let c = x!
            """##
        let metrics = measure(source)
        #expect(metrics.keyLiterals == 1)
        #expect(metrics.forceUnwraps == 2)  // value! and x!
        #expect(metrics.linesOfCode == 3)
    }

    @Test("Hangul and emoji, in a comment, a string or a name, are read as whole characters and change no count")
    func textOutsideASCII() {
        let source = #"""
            // 로그인 실패 😀 URLSession.shared.dataTask(with: r) x!
            let message = "비밀번호 😀 "따옴표" workbook-demo-access-key" /* 주석 y! */
            let 이름 = 값!
            """#
        let metrics = measure(source)
        #expect(metrics.linesOfCode == 2)
        #expect(metrics.keyLiterals == 1)
        #expect(metrics.sessionCallSites == 0)
        #expect(metrics.forceUnwraps == 1)  // 값!, after a name in Hangul
    }

    @Test("text inside a multi-line string is neither a call site nor a force unwrap, but a key there counts")
    func multilineStrings() {
        let source = #"""
            let text = """
                URLSession.shared.dataTask(with: x)! "quoted"
                // workbook-demo-access-key
                """
            let y = z!
            """#
        let metrics = measure(source)
        #expect(metrics.sessionCallSites == 0)
        #expect(metrics.forceUnwraps == 1)
        #expect(metrics.keyLiterals == 1)
        #expect(metrics.linesOfCode == 5)
    }
}

@Suite("Force unwraps")
struct ForceUnwrapTests {
    @Test("!= and a prefix ! are not force unwraps")
    func notUnwraps() {
        let source = """
            if a != b, !flag, (!other) {}
            guard !items.isEmpty else { return }
            let t = a !== b
            """
        #expect(measure(source).forceUnwraps == 0)
    }

    @Test(
        "a postfix ! after a call, an identifier or a subscript is a force unwrap, and so are try! and as!",
        arguments: [
            #"let url = URL(string: "x")!"#,
            "let n = x!.count",
            #"let v = dict["a"]!"#,
            "let d = try! Data(contentsOf: url)",
            "let s = value as! String",
        ])
    func unwraps(line: String) {
        #expect(measure(line).forceUnwraps == 1)
    }

    @Test("a ! inside a string or a comment is not a force unwrap")
    func unwrapsInStringsAndComments() {
        let source = """
            let s = "URL(string: x)! try! as!"
            // URL(string: x)!
            """
        #expect(measure(source).forceUnwraps == 0)
    }
}

@Suite("Reply decodes")
struct ReplyDecodeTests {
    @Test(
        "a .decode( under a plain try is a place that decodes a reply",
        arguments: [
            "let photo = try JSONDecoder().decode(Photo.self, from: data)",
            "return try JSONDecoder().decode(T.self, from: data)",
            "let page = try decoder.decode(SearchPage.self, from: data ?? Data())",
            "completion(.success(try JSONDecoder().decode(T.self, from: data)))",
        ])
    func decodes(line: String) {
        #expect(measure(line).replyDecodes == 1)
    }

    @Test("a body read for its message under try?, a decode( in a comment or string, and a call named decode are not")
    func notDecodes() {
        let source = """
            if let reply = try? JSONDecoder().decode(LoginResponse.self, from: body) {}
            let value = try? JSONDecoder().decode(UnsplashErrorBody.self, from: body), let first = value
            // let photo = try JSONDecoder().decode(Photo.self, from: data)
            let text = "try JSONDecoder().decode(Photo.self, from: data)"
            let token = try decode(data)
            """
        #expect(measure(source).replyDecodes == 0)
    }

    @Test("each copy counts: six calls that each decode their own reply make six")
    func copiesCount() {
        let calls = ["login", "profile", "logout", "search", "random", "photo"]
        let source = calls.map { "func \($0)() throws { _ = try JSONDecoder().decode(Photo.self, from: data) }" }
            .joined(separator: "\n")
        #expect(measure(source).replyDecodes == calls.count)
    }
}

@Suite("Session calls and request functions")
struct SessionCallTests {
    @Test("dataTask( inside a comment or a string is not a call site")
    func callsInCommentsAndStrings() {
        let source = """
            // URLSession.shared.dataTask(with: request)
            /* session.data(for: request) */
            let s = "URLSession.shared.dataTask(with: request)"
            """
        #expect(measure(source).sessionCallSites == 0)
    }

    @Test(
        "every URLSession call form counts as a call site, and similar names do not",
        arguments: [
            ("session.dataTask(with: request)", 1),
            ("try await session.data(for: request)", 1),
            ("try await session.data(from: url)", 1),
            ("try await session.upload(for: request, from: body)", 1),
            ("try await session.download(for: request)", 1),
            ("session.dataTaskPublisher(for: request)", 0),
            ("let d = Data(count: 3).data(using: x)", 0),
            ("func dataTask(with request: URLRequest) {}", 0),
        ])
    func callForms(line: String, expected: Int) {
        #expect(measure(line).sessionCallSites == expected)
    }

    @Test("two session calls in one func make one request function and two call sites")
    func twoCallsOneFunction() {
        let source = """
            func load() async throws {
                _ = try await URLSession.shared.data(for: first)
                _ = try await URLSession.shared.data(for: second)
            }
            func helper() { print("no request here") }
            """
        let metrics = measure(source)
        #expect(metrics.requestFunctions == 1)
        #expect(metrics.sessionCallSites == 2)
    }

    @Test("a call inside a closure counts for the func that holds the closure")
    func callInClosure() {
        let source = """
            final class Manager {
                func photo(completion: @escaping () -> Void) {
                    DispatchQueue.main.async {
                        URLSession.shared.dataTask(with: request) { data, _, _ in
                            completion()
                        }.resume()
                    }
                }
            }
            """
        let metrics = measure(source)
        #expect(metrics.requestFunctions == 1)
        #expect(metrics.sessionCallSites == 1)
    }

    @Test("a call in a nested func counts for the nested func, not the one around it")
    func nestedFunction() {
        let source = """
            func quiet() {
                func inner() { URLSession.shared.dataTask(with: r).resume() }
                inner()
            }
            func busy() {
                func inner() { URLSession.shared.dataTask(with: r).resume() }
                inner()
                URLSession.shared.dataTask(with: r).resume()
            }
            """
        let metrics = measure(source)
        // Both inners, and busy for its own call; quiet holds no call of its own.
        #expect(metrics.requestFunctions == 3)
        #expect(metrics.sessionCallSites == 3)
    }

    @Test("calls in an initializer, a computed property or at type level are call sites but no request function")
    func notFunctions() {
        let source = """
            struct Loader {
                let eager = URLSession.shared.dataTask(with: r)
                var lazyTask: URLSessionDataTask { URLSession.shared.dataTask(with: r) }
                init() { URLSession.shared.dataTask(with: r).resume() }
            }
            """
        let metrics = measure(source)
        #expect(metrics.requestFunctions == 0)
        #expect(metrics.sessionCallSites == 3)
    }

    @Test("a func requirement without a body does not claim the braces that follow it")
    func requirementWithoutBody() {
        let source = """
            protocol Loading { func load() }
            extension Loading {
                var task: URLSessionDataTask { URLSession.shared.dataTask(with: r) }
            }
            """
        #expect(measure(source).requestFunctions == 0)
    }

    @Test("a closure used as a default argument is not the func's body")
    func defaultArgumentClosure() {
        let source = """
            func load(done: @escaping () -> Void = { }) {
                URLSession.shared.dataTask(with: r) { _, _, _ in done() }.resume()
            }
            """
        #expect(measure(source).requestFunctions == 1)
    }
}
