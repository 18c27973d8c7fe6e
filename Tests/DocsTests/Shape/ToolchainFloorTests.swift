// The oldest toolchain the workbook supports is said in one paragraph, the same in every place a
// learner or a facilitator looks first, and `swift-tools-version` is the version it names: an
// older toolchain is then refused by SwiftPM before anything compiles.
import FakeTurns
import Foundation
import Testing

@Suite("Docs: the toolchain floor", .serialized, .busyLane)
struct ToolchainFloorTests {
    static let places = ["README.md", "docs/README.md", "docs/workshop.md"]
    static let koreanPlaces = ["docs/ko/README.md", "docs/ko/workshop.md"]

    @Test("README, docs/README.md and the workshop guide state the same floor, the one Package.swift declares")
    func floorStatedOnce() throws {
        let toolsVersion = try Self.toolsVersion()
        var statements: [String: String] = [:]
        for place in Self.places {
            let blocks = Self.floorBlocks(in: try Self.read(place))
            #expect(blocks.count == 1, "\(place) has \(blocks.count) toolchain floor blocks, not one")
            statements[place] = blocks.first
        }
        let first = try #require(statements[Self.places[0]])
        for (place, statement) in statements {
            #expect(statement == first, "\(place) words the floor differently from \(Self.places[0])")
        }
        #expect(first.contains("Swift \(toolsVersion) or later"), "the floor is not the tools version \(toolsVersion)")
        #expect(first.contains("`Swift version \(toolsVersion)` or higher"))
        #expect(first.contains("Swift tools version \(toolsVersion) but"))
    }

    @Test("the Korean pages state one floor, the same versions as the English one and the CI floor jobs")
    func koreanAndCIAgree() throws {
        let toolsVersion = try Self.toolsVersion()
        let english = try #require(Self.floorBlocks(in: try Self.read(Self.places[0])).first)
        let xcode = try #require(
            english.range(of: "On a Mac, Xcode ").map { english[$0.upperBound...].prefix { $0.isNumber || $0 == "." } },
            "the English floor names no Xcode")
        var korean: [String] = []
        for place in Self.koreanPlaces {
            let blocks = Self.floorBlocks(in: try Self.read(place))
            #expect(blocks.count == 1, "\(place) has \(blocks.count) toolchain floor blocks, not one")
            korean += blocks
        }
        #expect(Set(korean).count == 1, "the Korean floor blocks are worded differently")
        for block in korean {
            #expect(block.contains("Swift \(toolsVersion) 이상"), "\(block)")
            #expect(block.contains("Xcode \(xcode) 이상"), "\(block)")
            #expect(block.contains("Swift tools version \(toolsVersion) but"), "\(block)")
        }
        let workflow = try Self.read(".github/workflows/ci.yml")
        #expect(
            workflow.contains("container: swift:\(toolsVersion)\n"), "linux-floor does not run swift:\(toolsVersion)")
        #expect(workflow.contains("bash .ci/select-xcode \(xcode)\n"), "macos-floor does not select Xcode \(xcode)")
    }

    @Test("the dev container runs the official Swift image at the floor or later")
    func devContainerAtTheFloor() throws {
        let config = try Self.read(".devcontainer/devcontainer.json")
        let floor = try Self.toolsVersion()[...]
        let image = try #require(config.range(of: #""image": "swift:"#), "no official swift image")
        let version = config[image.upperBound...].prefix { $0.isNumber || $0 == "." }
        let numbers = { (text: Substring) in text.split(separator: ".").compactMap { Int($0) } }
        #expect(
            !version.isEmpty && numbers(version).lexicographicallyPrecedes(numbers(floor)) == false, "swift:\(version)")
    }

    @Test("a floor block is read across indentation and line breaks; a missing end marker finds none")
    func floorBlocksAreRead() {
        let page = "x\n<!-- toolchain floor -->\n   Swift 6.1\n   or later.\n<!-- end toolchain floor -->\n"
        #expect(Self.floorBlocks(in: page) == ["Swift 6.1 or later."])
        #expect(Self.floorBlocks(in: "<!-- toolchain floor -->\nSwift 6.1").isEmpty)
    }

    /// A file of the package, as text.
    static func read(_ path: String) throws -> String {
        let root = try #require(PackageWorld.root)
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `swift-tools-version` Package.swift opens with: the floor.
    static func toolsVersion() throws -> String {
        let manifest = try read("Package.swift")
        return try #require(
            manifest.split(separator: "\n").first.flatMap { $0.split(separator: ":").last }.map(String.init),
            "Package.swift opens without a swift-tools-version")
    }

    /// The text between each pair of floor markers, with indentation and line breaks folded to single spaces.
    static func floorBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "<!-- toolchain floor -->"),
            let end = rest.range(of: "<!-- end toolchain floor -->", range: start.upperBound..<rest.endIndex)
        {
            let words = rest[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace)
            blocks.append(words.joined(separator: " "))
            rest = rest[end.upperBound...]
        }
        return blocks
    }
}
