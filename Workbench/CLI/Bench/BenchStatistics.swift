// The arithmetic of `workbook bench`: a set of timings summed up as its middle and its spread,
// and one timing as a multiple of another. Pure functions, tested on known numbers.

#if os(macOS) || os(Linux)
/// A set of timings, summed up: the median, and the 10th and 90th percentiles as its spread.
///
/// Medians and percentiles rather than means: one request that waited for a thread to be
/// scheduled moves a mean, not a median.
public struct Summary: Codable, Equatable, Sendable {
    /// How many timings.
    public var count: Int
    public var median: Double
    /// Nine timings in ten were this or more.
    public var p10: Double
    /// Nine timings in ten were this or less.
    public var p90: Double

    public init(count: Int, median: Double, p10: Double, p90: Double) {
        self.count = count
        self.median = median
        self.p10 = p10
        self.p90 = p90
    }

    /// The summary of `samples`, in any order; nil when there are none.
    public init?(samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        self.init(
            count: sorted.count,
            median: BenchMath.percentile(50, ofSorted: sorted),
            p10: BenchMath.percentile(10, ofSorted: sorted),
            p90: BenchMath.percentile(90, ofSorted: sorted))
    }

    /// The same summary with every value rounded to `places` decimals, for printing and JSON.
    func rounded(to places: Int) -> Summary {
        Summary(
            count: count, median: BenchMath.rounded(median, to: places),
            p10: BenchMath.rounded(p10, to: places), p90: BenchMath.rounded(p90, to: places))
    }
}

enum BenchMath {
    /// The `p`th percentile (0 to 100) of values sorted in ascending order, interpolating
    /// linearly between the two nearest ranks (as numpy's and R's defaults do). Needs one value.
    static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "a percentile of no values")
        let position = min(max(p, 0), 100) / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// Block by block, the median of `blocks` over the median of `floors` (the same blocks of the
    /// same rounds); blocks where either has no timings are skipped. How much these ratios
    /// spread says how steady the whole run's ratio is.
    static func blockRatios(_ blocks: [[Double]], to floors: [[Double]]) -> [Double] {
        zip(blocks, floors).compactMap { block, floor in
            guard let value = Summary(samples: block), let base = Summary(samples: floor) else { return nil }
            return ratio(value.median, to: base.median)
        }
    }

    /// `value` as a multiple of `base`; nil when `base` is not a positive number.
    static func ratio(_ value: Double, to base: Double) -> Double? {
        guard base > 0, base.isFinite, value.isFinite else { return nil }
        return value / base
    }

    static func rounded(_ value: Double, to places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// `value` with exactly `places` decimals, such as "1.04"; no Foundation formatter needed.
    static func text(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "–" }
        let negative = value < 0
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let unit = Int(scale)
        var text = String(scaled / unit)
        if places > 0 {
            let fraction = String(scaled % unit)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return (negative && scaled != 0 ? "-" : "") + text
    }
}
#endif
