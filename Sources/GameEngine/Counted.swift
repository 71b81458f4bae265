/// A number of things in words, the noun singular for one: "1 member", "18 members",
/// "0 answers". The screens and the commands say their counts with it.
public func counted(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}
