// `localizedDescription`, which apps show in alerts and servers log, reads an error's `LocalizedError` answer: without
// it, Foundation writes "The operation could not be completed. (PropertyInjector.InjectionError error 1.)".
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#elseif canImport(Foundation)
  public import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
  extension InjectionError: LocalizedError {
    /// The whole ``description``: every problem, with its type, property and fix.
    public var errorDescription: String? { description }
  }
#endif
