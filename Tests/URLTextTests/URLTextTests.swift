import URLText
import XCTest

final class URLTextTests: XCTestCase {
  func testAPasswordIsFoundBetweenTheUsersColonAndTheAt() throws {
    let url = "https://ann:secret@club.example.org/roster.json"
    XCTAssertEqual(try XCTUnwrap(URLText.password(in: url)).map { url[$0] }, "secret")
    XCTAssertEqual(URLText.withoutPassword(url), "https://ann@club.example.org/roster.json")
    XCTAssertEqual(
      URLText.masking(url, with: "•••"), "https://ann:•••@club.example.org/roster.json")
    // Without a user, the `@` goes with the password.
    XCTAssertEqual(URLText.withoutPassword("https://:secret@club.org/"), "https://club.org/")
    // The authority's last `@` ends the password, which may hold one.
    XCTAssertEqual(URLText.withoutPassword("https://ann:p@ss@club.org/"), "https://ann@club.org/")
  }

  func testWhatIsNoPasswordIsLeftAlone() {
    for url in [
      "https://club.example.org/roster.json", "https://ann@club.example.org/roster.json",
      // An `@` or a colon beyond the authority is the path's, the query's or the fragment's.
      "https://club.org/people/@ann:x", "https://club.org?who=ann:x@y", "https://club.org#a:b@c",
      "https://club.org:8443/r.json", "/home/ann/clubs/chess", "ann:secret@club.org",
    ] {
      XCTAssertNil(URLText.password(in: url), url)
      XCTAssertEqual(URLText.withoutPassword(url), url)
      XCTAssertEqual(URLText.masking(url, with: "•••"), url)
    }
  }

  func testTheRestOfTheURLStaysToTheLetter() {
    // `URLComponents` would write the host in punycode and the space as %20.
    XCTAssertEqual(
      URLText.withoutPassword("https://ann:pw@bücher.example/a b/r.json?x=1#top"),
      "https://ann@bücher.example/a b/r.json?x=1#top")
  }

  func testThePortIsReadAsWritten() {
    XCTAssertEqual(URLText.port(in: "http://127.0.0.1:99999/roster.json"), "99999")
    XCTAssertEqual(URLText.port(in: "http://[::1]:8080/"), "8080")
    XCTAssertEqual(URLText.port(in: "http://ann:pw@club.org:81/"), "81")
    XCTAssertEqual(URLText.port(in: "http://club.org:http/"), "http")
    // A colon of the user's, of an IPv6 address or of the path is no port's.
    XCTAssertNil(URLText.port(in: "http://ann:pw@club.org/"))
    XCTAssertNil(URLText.port(in: "http://[::1]/"))
    XCTAssertNil(URLText.port(in: "http://club.org/a:b"))
    XCTAssertNil(URLText.port(in: "http://club.org:/"))
    XCTAssertNil(URLText.port(in: "club.org:80"))
  }
}
