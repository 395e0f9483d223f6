import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TodoServerCore

/// Many requests at once, each with its own id and caller: every response carries only its own.
@Suite struct IsolationTests {
  @Test(arguments: TestWiring.allCases)
  func concurrentRequestsSeeOnlyTheirOwnValues(_ wiring: TestWiring) async throws {
    let app = testApp(wiring, services: try testServices())
    try await app.test(.router) { client in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<200 {
          group.addTask {
            let requestID = "request-\(index)"
            let caller = "caller-\(index)"
            let created = try await client.execute(
              uri: "/todos", method: .post, headers: headers(requestID: requestID, caller: caller),
              body: try json(NewTodo(title: "todo \(index)")))
            #expect(created.status == .created)
            #expect(created.headers[.requestID] == requestID)
            let todo = try decoded(Todo.self, from: created.body)
            #expect(todo.createdBy == caller)
            #expect(todo.title == "todo \(index)")

            let read = try await client.execute(
              uri: "/todos/\(todo.id ?? 0)", method: .get,
              headers: headers(requestID: "\(requestID)-read", caller: caller))
            #expect(read.headers[.requestID] == "\(requestID)-read")
            #expect(try decoded(Todo.self, from: read.body).createdBy == caller)
          }
        }
        try await group.waitForAll()
      }
      let all = try decoded([Todo].self, from: try await client.execute(uri: "/todos", method: .get).body)
      #expect(all.count == 200)
      #expect(Set(all.map(\.createdBy)).count == 200)
    }
  }
}
