import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TodoServerCore

/// Each route, against the injected server and the hand-wired one alike.
@Suite struct RouteTests {
  @Test(arguments: TestWiring.allCases)
  func postCreatesATodoForTheCaller(_ wiring: TestWiring) async throws {
    let app = testApp(wiring, services: try testServices())
    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/todos", method: .post, headers: headers(requestID: "r-1", caller: "ada"),
        body: try json(NewTodo(title: "Write the example")))
      #expect(response.status == .created)
      #expect(response.headers[.requestID] == "r-1")
      let todo = try decoded(Todo.self, from: response.body)
      #expect(todo == Todo(id: 1, title: "Write the example", createdBy: "ada", createdAt: testTime))
    }
  }

  @Test(arguments: TestWiring.allCases)
  func getListsEveryTodo(_ wiring: TestWiring) async throws {
    let app = testApp(wiring, services: try testServices())
    try await app.test(.router) { client in
      for title in ["one", "two"] {
        try await client.execute(uri: "/todos", method: .post, body: try json(NewTodo(title: title)))
      }
      let response = try await client.execute(uri: "/todos", method: .get)
      #expect(response.status == .ok)
      let todos = try decoded([Todo].self, from: response.body)
      #expect(todos.map(\.title) == ["one", "two"])
      #expect(todos.map(\.createdBy) == ["anonymous", "anonymous"])
    }
  }

  @Test(arguments: TestWiring.allCases)
  func getOneAnswersItOr404(_ wiring: TestWiring) async throws {
    let app = testApp(wiring, services: try testServices())
    try await app.test(.router) { client in
      try await client.execute(uri: "/todos", method: .post, body: try json(NewTodo(title: "one")))
      let found = try await client.execute(
        uri: "/todos/1", method: .get, headers: headers(requestID: "r-2", caller: "x"))
      #expect(found.status == .ok)
      #expect(found.headers[.requestID] == "r-2")
      #expect(try decoded(Todo.self, from: found.body).title == "one")
      let missing = try await client.execute(uri: "/todos/2", method: .get)
      #expect(missing.status == .notFound)
      #expect(String(buffer: missing.body) == #"{"error":"not found"}"#)
      let malformed = try await client.execute(uri: "/todos/abc", method: .get)
      #expect(malformed.status == .badRequest)
    }
  }

  @Test(arguments: TestWiring.allCases)
  func deleteRemovesItOnce(_ wiring: TestWiring) async throws {
    let app = testApp(wiring, services: try testServices())
    try await app.test(.router) { client in
      try await client.execute(uri: "/todos", method: .post, body: try json(NewTodo(title: "one")))
      let deleted = try await client.execute(uri: "/todos/1", method: .delete)
      #expect(deleted.status == .noContent)
      #expect(try await client.execute(uri: "/todos/1", method: .get).status == .notFound)
      #expect(try await client.execute(uri: "/todos/1", method: .delete).status == .notFound)
    }
  }

  @Test(arguments: TestWiring.allCases)
  func aBodyThatIsNotATodoIs400(_ wiring: TestWiring) async throws {
    let app = testApp(wiring, services: try testServices())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: "{}"))
      #expect(response.status == .badRequest)
    }
  }
}
