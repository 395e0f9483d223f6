public import Foundation
public import GRDB

/// A todo: what `GET /todos/:id` answers, and a row of the `todo` table.
public struct Todo: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The row id, nil until inserted.
  public var id: Int64?
  /// What is to be done.
  public var title: String
  /// The caller whose request created it (the `X-Caller` header).
  public var createdBy: String
  /// When the app's clock said it was created.
  public var createdAt: Date

  /// The table's name.
  public static var databaseTableName: String { "todo" }

  /// A todo not yet inserted.
  public init(id: Int64? = nil, title: String, createdBy: String, createdAt: Date) {
    self.id = id
    self.title = title
    self.createdBy = createdBy
    self.createdAt = createdAt
  }

  /// Takes the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

/// The body of `POST /todos`.
public struct NewTodo: Codable, Sendable {
  /// What is to be done.
  public var title: String

  /// A body with this title.
  public init(title: String) {
    self.title = title
  }
}
