/** Test preload: nothing global yet; database helpers live in tests/support. */
export {}
