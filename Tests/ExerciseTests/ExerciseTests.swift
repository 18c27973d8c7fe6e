// The exercises' tests: off unless WORKBOOK_EXERCISE names a stage (or "all").
import Testing
