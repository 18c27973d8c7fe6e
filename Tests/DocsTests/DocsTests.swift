// Checks that the docs quote the code, the diffs and the numbers as they are now.
import Testing
