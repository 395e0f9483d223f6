public import Foundation
public import GRDB

/// The todos, in SQLite through GRDB: one per app, shared by every request.
public final class TodoStore: Sendable {
  private let database: any DatabaseWriter

  /// A store on `database`, its schema migrated.
  public init(database: any DatabaseWriter) throws {
    self.database = database
    var migrator = DatabaseMigrator()
    migrator.registerMigration("create todo") { db in
      try db.create(table: Todo.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("title", .text).notNull()
        table.column("createdBy", .text).notNull()
        table.column("createdAt", .datetime).notNull()
      }
    }
    try migrator.migrate(database)
  }

  /// A store on a SQLite file at `path` (a pool: one writer, concurrent readers in WAL mode).
  public convenience init(path: String) throws {
    try self.init(database: DatabasePool(path: path))
  }

  /// A store in memory, for tests.
  public static func inMemory() throws -> TodoStore {
    try TodoStore(database: DatabaseQueue())
  }

  /// Every todo, oldest first.
  public func all() async throws -> [Todo] {
    try await database.read { db in try Todo.order(Column("id")).fetchAll(db) }
  }

  /// The todo with this id, if any.
  public func todo(id: Int64) async throws -> Todo? {
    try await database.read { db in try Todo.fetchOne(db, key: id) }
  }

  /// Inserts `todo` and answers it with its id.
  public func insert(_ todo: Todo) async throws -> Todo {
    try await database.write { db in try todo.inserted(db) }
  }

  /// Deletes the todo with this id; answers whether there was one.
  public func delete(id: Int64) async throws -> Bool {
    try await database.write { db in try Todo.deleteOne(db, key: id) }
  }

  /// Inserts `count` todos when the table is empty (ids 1 to `count`), for a load test's reads.
  public func seed(count: Int, createdAt: Date) async throws {
    try await database.write { db in
      guard try Todo.fetchCount(db) == 0 else { return }
      for index in 0..<count {
        _ = try Todo(title: "Seeded todo \(index + 1)", createdBy: "seed", createdAt: createdAt).inserted(db)
      }
    }
  }
}
