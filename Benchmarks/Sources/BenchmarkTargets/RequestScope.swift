// A request scope as a server builds one: a child of the app's injector, the request's two values
// registered in it, and one handler with four properties injected from both.

import PropertyInjector

/// The app's store: registered once, in the app injector.
package final class RequestStore: Sendable {
  package init() {}
}

/// The app's clock.
package protocol RequestClock: Sendable {
  var now: Int { get }
}

/// The clock the app injector holds.
package struct FixedClock: RequestClock {
  package var now: Int { 1 }
  package init() {}
}

/// A request's id: registered in the request's child.
package struct RequestID: Sendable {
  package let value: String
  package init(_ value: String) { self.value = value }
}

/// A request's caller: registered in the request's child.
package struct RequestCaller: Sendable {
  package let name: String
  package init(_ name: String) { self.name = name }
}

/// One request's values.
package struct RequestValues: Sendable {
  package let id: RequestID
  package let caller: RequestCaller

  /// The values of request number `number`, from a small set of ids and callers.
  package init(number: Int) {
    id = RequestID("request-\(number & 1_023)")
    caller = RequestCaller("caller-\(number & 15)")
  }
}

/// A handler with the app's two services and the request's two values, `@Injectable`.
@Injectable package final class RequestHandler {
  package var injectedStore: RequestStore?
  package var injectedClock: (any RequestClock)?
  package var injectedRequestID: RequestID?
  package var injectedCaller: RequestCaller?

  package init() {}
}

/// ``RequestHandler`` with a key-path table instead.
package final class TableRequestHandler: InjectableSettable {
  package var injectedStore: RequestStore?
  package var injectedClock: (any RequestClock)?
  package var injectedRequestID: RequestID?
  package var injectedCaller: RequestCaller?

  package init() {}

  package static var injectableKeyPaths: [String: AnyKeyPath] {
    [
      "injectedStore": \TableRequestHandler.injectedStore, "injectedClock": \TableRequestHandler.injectedClock,
      "injectedRequestID": \TableRequestHandler.injectedRequestID,
      "injectedCaller": \TableRequestHandler.injectedCaller,
    ]
  }
}

/// The request scope, by each contender.
package enum RequestScope {
  /// The app injector: the store and the clock.
  package static func appInjector(store: RequestStore) -> Injector {
    let app = Injector()
    app.register(store)
    app.register(FixedClock(), as: (any RequestClock).self)
    return app
  }

  /// A child of `app` holding `request`'s values, and `handler` injected from it.
  package static func serve<Handler: InjectableSettable>(
    _ request: RequestValues, with handler: Handler, in app: Injector
  ) throws(InjectionError) -> Handler {
    let scope = Injector(parent: app)
    scope.register(request.id)
    scope.register(request.caller)
    try scope.inject(handler)
    return handler
  }

  /// The same handler filled by hand from the app's services and the request's values.
  package static func serveByHand(_ request: RequestValues, store: RequestStore, clock: FixedClock) -> RequestHandler {
    let handler = RequestHandler()
    if handler.injectedStore == nil { handler.injectedStore = store }
    if handler.injectedClock == nil { handler.injectedClock = clock }
    if handler.injectedRequestID == nil { handler.injectedRequestID = request.id }
    if handler.injectedCaller == nil { handler.injectedCaller = request.caller }
    return handler
  }

  /// Whether `handler` holds `request`'s values and both services: what every contender must produce.
  package static func isServed(_ handler: RequestHandler, for request: RequestValues) -> Bool {
    handler.injectedStore != nil && handler.injectedClock != nil
      && handler.injectedRequestID?.value == request.id.value && handler.injectedCaller?.name == request.caller.name
  }

  /// ``isServed(_:for:)`` for the table's handler.
  package static func isServed(_ handler: TableRequestHandler, for request: RequestValues) -> Bool {
    handler.injectedStore != nil && handler.injectedClock != nil
      && handler.injectedRequestID?.value == request.id.value && handler.injectedCaller?.name == request.caller.name
  }
}
