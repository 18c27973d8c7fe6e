// The harness is two modules. HarnessCore holds the interface every adapter answers to (the calls,
// the capabilities, outcomes and failures) and imports no stage; this module holds the adapters,
// which import the stages. A kata changes one stage and its adapter, and then only the files that
// use those are compiled again, not every test that names an `Outcome`. `import Harness` brings both.
@_exported import HarnessCore
