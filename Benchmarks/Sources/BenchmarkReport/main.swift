// Turns benchmark runs' JMH exports into markdown tables of per-object times and ratios.
//
//   swift run --package-path Benchmarks BenchmarkReport Benchmarks/.build/results/Current_run.jmh.json
//   swift run --package-path Benchmarks BenchmarkReport run1/ run2/ run3/
//
// Each argument is an export, or a directory whose newest *.jmh.json is read. Every number is
// the median (p50) of a run's measured iterations, divided by the objects one iteration fills
// (from BenchmarkCatalog); with several runs, the median of the runs' medians, so one noisy run
// cannot skew a row. Ratios are computed from those numbers.

import BenchmarkCatalog
import Foundation

/// The parts of package-benchmark's JMH export the report reads.
struct JMHElement: Decodable {
  struct Metric: Decodable {
    let scorePercentiles: [String: Double]
    let scoreUnit: String
  }

  let benchmark: String
  let primaryMetric: Metric
  let secondaryMetrics: [String: Metric]?
}

/// One benchmark's medians, per object.
struct Measurement {
  /// Nanoseconds per object and thread: the wall-clock median of an iteration divided by the
  /// objects each thread filled in it.
  let nanoseconds: Double
  /// Allocations per object: the median allocation count of an iteration divided by the
  /// objects all threads filled in it.
  let mallocs: Double?
}

enum ReportError: Error, CustomStringConvertible {
  case usage
  case noExport(String)
  case missingMetric(String, String)

  var description: String {
    switch self {
    case .usage:
      "usage: BenchmarkReport <file.jmh.json | directory holding one>..."
    case .noExport(let path):
      "no *.jmh.json in \(path): run `swift package benchmark --format jmh --path <directory>` first"
    case .missingMetric(let benchmark, let metric):
      "\(benchmark) has no \"\(metric)\" metric: the benchmarks must measure wall clock and malloc count"
    }
  }
}

/// The export to read: the argument itself, or the newest *.jmh.json in it.
func exportFile(_ argument: String) throws -> URL {
  let url = URL(fileURLWithPath: argument)
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
    return url
  }
  let files = try FileManager.default.contentsOfDirectory(
    at: url, includingPropertiesForKeys: [.contentModificationDateKey]
  ).filter { $0.lastPathComponent.hasSuffix(".jmh.json") }
  let dated = try files.map {
    ($0, try $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast)
  }
  guard let newest = dated.max(by: { $0.1 < $1.1 }) else { throw ReportError.noExport(argument) }
  return newest.0
}

/// The JMH key of a benchmark name: its target and name, with spaces turned into underscores.
func jmhSuffix(_ name: String) -> String { "." + name.replacingOccurrences(of: " ", with: "_") }

func median(_ metric: JMHElement.Metric) -> Double? { metric.scorePercentiles["50.0"] }

func measurements(from elements: [JMHElement]) throws -> (found: [String: Measurement], unknown: [String]) {
  var found: [String: Measurement] = [:]
  var matched: Set<String> = []
  for scenario in Catalog.scenarios {
    for contender in scenario.contenders {
      let name = scenario.name(contender)
      guard let element = elements.first(where: { $0.benchmark.hasSuffix(jmhSuffix(name)) }) else { continue }
      matched.insert(element.benchmark)
      // JMH exports times in microseconds and counts as they are, per measured iteration.
      guard let wall = element.secondaryMetrics?["Time (wall clock)"], let wallMedian = median(wall) else {
        throw ReportError.missingMetric(name, "Time (wall clock)")
      }
      let mallocs = element.secondaryMetrics?["Malloc (total)"].flatMap(median)
      found[name] = Measurement(
        nanoseconds: wallMedian * 1_000 / Double(scenario.objectsPerThread),
        mallocs: mallocs.map { $0 / Double(scenario.objectsPerIteration) }
      )
    }
  }
  let unknown = elements.map(\.benchmark).filter { !matched.contains($0) }
  return (found, unknown)
}

/// The median of `values`, or nil when there are none.
func middle(_ values: [Double]) -> Double? {
  guard !values.isEmpty else { return nil }
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The median over `runs` of each run's `numerator ÷ denominator`: a ratio taken within one run,
/// where both contenders ran minutes apart at most, then the middle of those, so the machine's
/// drift between runs does not enter the ratio.
func ratioAcrossRuns(
  _ runs: [[String: Measurement]],
  _ numerator: (([String: Measurement]) -> Double?),
  _ denominator: (([String: Measurement]) -> Double?)
) -> Double? {
  middle(
    runs.compactMap { run in
      guard let top = numerator(run), let bottom = denominator(run), bottom > 0 else { return nil }
      return top / bottom
    })
}

/// Each benchmark's median over several runs' measurements.
func combined(_ runs: [[String: Measurement]]) -> [String: Measurement] {
  var result: [String: Measurement] = [:]
  for name in Set(runs.flatMap(\.keys)) {
    let measured = runs.compactMap { $0[name] }
    guard let nanoseconds = middle(measured.map(\.nanoseconds)) else { continue }
    result[name] = Measurement(nanoseconds: nanoseconds, mallocs: middle(measured.compactMap(\.mallocs)))
  }
  return result
}

// MARK: - Formatting

func nanoseconds(_ value: Double?) -> String {
  guard let value else { return "–" }
  if value >= 100 { return String(format: "%.0f", value) }
  return String(format: "%.1f", value)
}

func ratio(_ value: Double?) -> String {
  guard let value else { return "–" }
  return String(format: value >= 10 ? "%.0f×" : "%.2f×", value)
}

func count(_ value: Double?) -> String {
  guard let value else { return "–" }
  var text = String(format: "%.2f", value)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}

func table(_ header: [String], _ rows: [[String]]) -> String {
  var lines = ["| " + header.joined(separator: " | ") + " |"]
  lines.append("|" + header.enumerated().map { $0.offset == 0 ? " --- |" : " ---: |" }.joined())
  lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
  return lines.joined(separator: "\n")
}

/// A row's per-run lookups: the number `contender` measured in `run` for `scenario`.
func nanoseconds(_ run: [String: Measurement], _ scenario: Scenario, _ contender: Contender) -> Double? {
  run[scenario.name(contender)]?.nanoseconds
}

/// First injection minus registrations only, in one run: what the first `inject` costs.
func scan(_ run: [String: Measurement], _ scenario: Scenario, _ contender: Contender) -> Double? {
  guard let first = nanoseconds(run, scenario, contender),
    let registrations = nanoseconds(run, scenario, .registrationsOnly)
  else { return nil }
  return first - registrations
}

func scanTable(_ results: [String: Measurement], _ runs: [[String: Measurement]]) -> String {
  let rows: [[String]] = Catalog.scenarios.filter { $0.group == .scan }.map { scenario in
    let hasMirror = scenario.contenders.contains(.mirror)
    let paths: [Contender] = [.injectable, .keyPathTable]
    let firsts = paths.map { nanoseconds(results[scenario.name($0)]?.nanoseconds) }
    let scans = paths.map { nanoseconds(scan(results, scenario, $0)) }
    let ratios = paths.map { path in
      ratio(
        hasMirror ? ratioAcrossRuns(runs, { scan($0, scenario, path) }) { nanoseconds($0, scenario, .mirror) } : nil)
    }
    let mallocs = [Contender.injectable, .keyPathTable, .registrationsOnly, .mirror].map { contender in
      scenario.contenders.contains(contender) ? count(results[scenario.name(contender)]?.mallocs) : "–"
    }
    return [scenario.title] + firsts + [nanoseconds(results[scenario.name(.registrationsOnly)]?.nanoseconds)] + scans
      + [nanoseconds(hasMirror ? results[scenario.name(.mirror)]?.nanoseconds : nil)] + ratios
      + [mallocs.joined(separator: " / ")]
  }
  return table(
    [
      "benchmark", "first injection @Injectable ns", "first injection table ns", "registrations only ns",
      "scan + plan + fill @Injectable ns", "scan + plan + fill table ns", "bare Mirror walk ns",
      "@Injectable scan ÷ Mirror", "table scan ÷ Mirror",
      "mallocs: @Injectable / table / registrations / Mirror",
    ], rows)
}

/// The rows of `group`: per contender, ns per object, the ratios to hand-written code and
/// Swinject's to @Injectable's, and mallocs per object.
func injectionTable(_ group: Group, _ results: [String: Measurement], _ runs: [[String: Measurement]]) -> String {
  let columns = Catalog.injectionContenders
  let rows: [[String]] = Catalog.scenarios.filter { $0.group == group }.map { scenario in
    let listed = { (contender: Contender) in scenario.contenders.contains(contender) }
    let times = columns.map { listed($0) ? nanoseconds(results[scenario.name($0)]?.nanoseconds) : "–" }
    let withinRuns = { (top: Contender, bottom: Contender) -> String in
      guard listed(top), listed(bottom) else { return "–" }
      return ratio(ratioAcrossRuns(runs, { nanoseconds($0, scenario, top) }) { nanoseconds($0, scenario, bottom) })
    }
    let mallocs = columns.map { listed($0) ? count(results[scenario.name($0)]?.mallocs) : "–" }
    return [scenario.threads > 1 ? scenario.title + " ¹" : scenario.title] + times + [
      withinRuns(.injectable, .handWritten), withinRuns(.keyPathTable, .handWritten),
      withinRuns(.swinject, .injectable), mallocs.joined(separator: " / "),
    ]
  }
  return table(
    ["benchmark"] + columns.map { "\($0.rawValue) ns" } + [
      "@Injectable ×hand", "table ×hand", "Swinject ÷ @Injectable",
      "mallocs per object (@Injectable / table / hand / Swinject)",
    ], rows)
}

/// Per lifecycle and contender: ns per object with the smallest and the largest registry, and
/// their ratio (the median of the within-run ratios).
func registryFlatnessTable(_ results: [String: Measurement], _ runs: [[String: Measurement]]) -> String {
  guard let small = Catalog.registryCounts.first, let large = Catalog.registryCounts.last else { return "" }
  var rows: [[String]] = []
  for lifecycle in Lifecycle.allCases {
    let smallScenario = Catalog.registry(lifecycle, small)
    let largeScenario = Catalog.registry(lifecycle, large)
    for contender in [Contender.injectable, .keyPathTable, .swinject] {
      let smallResult = results[smallScenario.name(contender)]
      let largeResult = results[largeScenario.name(contender)]
      rows.append([
        lifecycle.rawValue, contender.rawValue, nanoseconds(smallResult?.nanoseconds),
        nanoseconds(largeResult?.nanoseconds),
        ratio(
          ratioAcrossRuns(runs, { nanoseconds($0, largeScenario, contender) }) {
            nanoseconds($0, smallScenario, contender)
          }),
        [smallResult?.mallocs, largeResult?.mallocs].map(count).joined(separator: " / "),
      ])
    }
  }
  return table(
    [
      "services from", "contender", "\(small) others ns", "\(large) others ns", "\(large) ÷ \(small)",
      "mallocs per object (\(small) / \(large))",
    ], rows)
}

func resolutionTable(_ results: [String: Measurement], _ runs: [[String: Measurement]]) -> String {
  let columns: [Contender] = [.propertyInjector, .handWritten, .swinject]
  let rows: [[String]] = Catalog.scenarios.filter { $0.group == .resolution }.map { scenario in
    let times = columns.map { nanoseconds(results[scenario.name($0)]?.nanoseconds) }
    let ratios = [(Contender.propertyInjector, Contender.handWritten), (.swinject, .propertyInjector)].map {
      top, bottom in
      ratio(ratioAcrossRuns(runs, { nanoseconds($0, scenario, top) }) { nanoseconds($0, scenario, bottom) })
    }
    let mallocs = columns.map { count(results[scenario.name($0)]?.mallocs) }
    return [scenario.title] + times + ratios + [mallocs.joined(separator: " / ")]
  }
  return table(
    [
      "benchmark", "PropertyInjector ns", "hand-written ns", "Swinject ns", "×hand", "Swinject ÷ ours",
      "mallocs per call (ours / hand / Swinject)",
    ], rows)
}

// MARK: - Main

do {
  let arguments = Array(CommandLine.arguments.dropFirst())
  guard !arguments.isEmpty, !arguments.contains("-h"), !arguments.contains("--help") else {
    throw ReportError.usage
  }
  let files = try arguments.map(exportFile)
  var runs: [[String: Measurement]] = []
  var unknown: Set<String> = []
  for file in files {
    let elements = try JSONDecoder().decode([JMHElement].self, from: Data(contentsOf: file))
    let (found, notListed) = try measurements(from: elements)
    runs.append(found)
    unknown.formUnion(notListed)
  }
  let results = combined(runs)
  let source =
    files.count == 1
    ? "From `\(files[0].lastPathComponent)`: medians (p50) of one run"
    : "From \(files.count) runs: for each benchmark, the median of the runs' medians (p50)"

  let single = Catalog.objectsPerIteration
  print(
    """
    ## PropertyInjector benchmarks

    \(source), per object. Each iteration of \
    the injection benchmarks fills \(single) fresh objects (per thread); each iteration of the \
    first-injection benchmarks makes a new `Injector`, registers the services and fills one. \
    @Injectable: the class is marked `@Injectable` (typed accessors written by the macro); \
    table: the same class with a hand-written `injectableKeyPaths` table (key-path writes).

    ### \(Group.scan.rawValue)

    \(scanTable(results, runs))

    "scan + plan + fill" is first injection minus registrations only: what the first `inject` of \
    a type costs a new injector.

    ### \(Group.injection.rawValue)

    \(injectionTable(.injection, results, runs))

    ×hand is PropertyInjector ÷ hand-written; Swinject ÷ @Injectable is how many times slower \
    Swinject is. With several runs, each ratio (here and in every table) is the median of the \
    ratios within each run, so drift between runs does not enter it. Mallocs include the object \
    itself (1 per object) and, from factories, the values they make (5 per object).

    ¹ Two threads fill objects at once, each \(Catalog.twoThreads.objectsPerThread) per iteration: \
    ns is wall time per object per thread (equal to the single-thread row under perfect \
    scaling); mallocs are per object.

    ### \(Group.registry.rawValue)

    \(injectionTable(.registry, results, runs))

    \(registryFlatnessTable(results, runs))

    ### \(Group.resolution.rawValue)

    \(resolutionTable(results, runs))
    """)

  let missing = Catalog.scenarios.flatMap { scenario in scenario.contenders.map(scenario.name) }
    .filter { results[$0] == nil }
  if !missing.isEmpty {
    FileHandle.standardError.write(Data("note: not in this run: \(missing.joined(separator: ", "))\n".utf8))
  }
  if !unknown.isEmpty {
    FileHandle.standardError.write(
      Data("note: not in the catalog: \(unknown.sorted().joined(separator: ", "))\n".utf8))
  }
} catch {
  FileHandle.standardError.write(Data("BenchmarkReport: \(error)\n".utf8))
  exit(1)
}
