import IlgiAge
import Testing

/// age's post-quantum hybrid kind (`mlkem768x25519`, X-Wing through HPKE): keys as the format
/// writes them, and files sealed to it beside X25519 keys. The CCTV vectors check the stanza
/// against the reference; these check what ilgi writes.
@Suite struct HybridKeyTests {
  /// The example key pair of the age format's specification (C2SP age.md).
  static let specIdentity = "AGE-SECRET-KEY-PQ-1XX76JRALNLXDMEW0CRK45QMCCH4X06SE84UN3VPM33W6HWDX0H3SK3ZQFR"
  static let specRecipient =
    "age1pq1x34nzsvr0rxjsgdn8zgyhfe8j7ceq5r9rdelkjuh3y235jzxshfg87pzf5zrqtzdxz95paef6caq5aapdmwjjqpjfdyxnzr2zampc3uxy0dg4z2n2gm9su72p0pc3u0jvev55l694v78snxg3yzvcl7yda0eyytqj6a0ec477lnhcy5hzpz4zq3pxanve4cn62gqj3pjy5lqj9c6kyj4v2z8alktn8zh99970x79gjkv7522hv9kfz35zsnxhsx8wwtmu9cy3ftzjgwcp4sshn3llnylnpdsyz5jm72vefv4x5vfwytrefxg4wq3mv42wcrvkj742479zrxzpvp2p3e9fed9f0739vcu80r7ma28qfhnvlv4gfzel9q654dj3zmuvvz893azhxdvs9fxd0r7jzchzcfcs5mkyyjxhw0n2z6dvp9yn9qfdp29h0azxqyjw6v7fhyuzj7zel0uq6j9rd7wgrpz7mf5dnj43jwsgvrc8qcnhy7tu6dkdujuxzkp9xj43xe8h92ktre2a3u3s8mm5mrp9nr9pwkgtz4mdlq9hgn4fps4k57ff6wddn2fy23t47sm20r8km8sd2pcyyafnet8f0dajsrlyjeah4n3mssr6aseevuuskdvq5lzguyvpgwpta742c6698vgutzqgny8usfg0w2he7kq5vyxjd0f9hqg8xk26y9e4th0gezq92q4cpp5p2y9hf5f2cje5l0c3sa3a2qxmm38pxxvhxh99yzmfz0zk7r2s64nnwjhkfgfr3gf8xnmppcgmaykvh5sh6g7vk9790rf8ws0axmr2t7z8aae5fq2029uvcn2ghgt4fu4wgwdc0k0cz52qkvwmuzj8p8k5jgf3xzk5zmrkavjekjrpeq408xz3zxazwkc6tyfmhayrkfpjhwtz5mp8j8guqe43k2q6m2kte03vrw27y3wmqyu5etmt9dnkwcnnpmu9gz9dekfhdevf42ucshphnrk38ra6hx8w5f8q5ru0xdhrjxmwqf6cused7zc5xvq43r0zscjglpwlptpwydhqw64xz7ptjdyeyzpq2zkxtmzg29gzjpvzva4d3l0cenn9xs297wf4y4ukwrunf57xj6pm7nvrkwvtrt8hwcmgv8x7ajw7258ugf9wvkmk4052ekg87tw5vnx8nq2swyzv77v8yqlwsenvamr0zssknwts8rrhfuwj7ykysnq9jxy0uv3kuyt22djszjdtvpz6d0s0kwh8ryynddzud92emeyvvyqktd0jtj7rvvg5gch25v8smlvny3kvn5gagyz475ze2y6q466xqmz2n3hs77lddeqyta2nch5k2u5yacuk9ywnwfdzvyejnucz724hj77hrrmakm7pr3kxsrxq22ejexlud9fy2kdqmkg5yncz7jm5wv2qjk5w5kvcpqsry2yqffh2la52dxfjkjq5rzhjzeyn6dupn0qwtyv7s4lwg3xdarsdlwe2y3tujy480y7z39q259fzx6jhd2j0f5hagqpcpees7hzc2yrk5cy788uk3s7qvp5cpepx24gvws3m2g433exgwppnkjscec8qu4y9z9r7vccexjcjaen42245lmgmxmuavg9alej92322gvvyy2t6267v09ch64y0m53jff0vjj96s0ypk60hr3jw4myd6m5hpn3xjstx7tl2szhpr5qe8jj08ydjc4wy2rch2fhuy3pdfjax5awe9j99ly5hkntzz9fe5zatgjvzdd0kgtxs25njnajyf6ssekp7gelxquusn4pt25czh3scj68kq79wdn5tgm6yvm9nzavrg043x3msnygf8dweknw5jmqd0uvny6ttsn09508k0c55zfnegrm9efhxpfqdkmhh6gjtqmwze9pyyzk3tlhl53k2ykx3qheyty7saeq0d3fzv49zc0k"

  @Test func theSpecificationsIdentityGivesItsRecipient() throws {
    let identity = try KeyIdentity(Self.specIdentity)
    #expect(identity.recipient.isPostQuantum)
    #expect(identity.recipient.encoded == Self.specRecipient)
    #expect(identity.encoded == Self.specIdentity)
    #expect(try KeyRecipient(Self.specRecipient) == identity.recipient)
    #expect(Self.specRecipient.count == 1959)
  }

  @Test func aFileSealedToBothKindsOpensWithEitherKeyAndNoOther() throws {
    let hybrid = KeyIdentity.generate(postQuantum: true)
    let classic = KeyIdentity.generate(postQuantum: false)
    let text = Array("일기: the river was high today".utf8)
    let file = try AgeFile.encrypt(text, to: [hybrid.recipient, classic.recipient])
    let header = String(decoding: file.prefix(4000), as: UTF8.self)
    #expect(header.contains("-> mlkem768x25519 "))
    #expect(header.contains("-> X25519 "))
    #expect(AgeFile.recipientCount(file) == 2)
    #expect(try AgeFile.decrypt(file, with: [hybrid]) == text)
    #expect(try AgeFile.decrypt(file, with: [classic]) == text)
    #expect(throws: AgeError.noIdentityMatches) {
      try AgeFile.decrypt(
        file, with: [KeyIdentity.generate(postQuantum: true), KeyIdentity.generate(postQuantum: false)])
    }
    // Armored too, and read back from an identity file's text.
    let armored = try AgeFile.encrypt(text, to: [hybrid.recipient], armor: true)
    let identities = try AgeFile.identities(in: "# created: now\n\(classic.encoded)\n\(hybrid.encoded)\n")
    #expect(try AgeFile.decrypt(armored, with: identities) == text)
  }

  @Test func eachEncryptionUsesAFreshEncapsulation() throws {
    let recipient = KeyIdentity.generate(postQuantum: true).recipient
    let one = try AgeFile.encrypt([1], to: [recipient])
    let two = try AgeFile.encrypt([1], to: [recipient])
    let stanza = { (file: [UInt8]) in String(decoding: file, as: UTF8.self).split(separator: "\n")[1] }
    #expect(stanza(one) != stanza(two))
    #expect(stanza(one).split(separator: " ").count == 3)
  }

  @Test func hybridKeysAreCheckedWhenRead() throws {
    let identity = KeyIdentity.generate(postQuantum: true)
    let recipient = identity.recipient.encoded
    #expect(throws: AgeError.self) { try KeyRecipient(recipient.uppercased()) }
    #expect(throws: AgeError.self) { try KeyRecipient(String(recipient.dropLast(7))) }
    var flipped = Array(recipient.utf8)
    flipped[500] = flipped[500] == UInt8(ascii: "q") ? UInt8(ascii: "p") : UInt8(ascii: "q")
    #expect(throws: AgeError.self) { try KeyRecipient(String(decoding: flipped, as: UTF8.self)) }
    // A 32-byte key under the hybrid name, and a hybrid key under the X25519 name.
    #expect(throws: AgeError.self) { try HybridRecipient(KeyIdentity.generate(postQuantum: false).recipient.encoded) }
    #expect(throws: AgeError.self) { try X25519Recipient(recipient) }
    #expect(throws: AgeError.self) { try KeyIdentity(identity.encoded.lowercased()) }
    #expect(throws: AgeError.self) { try X25519Identity(identity.encoded) }
    do {
      _ = try KeyRecipient(recipient + "x")
      Issue.record("a damaged recipient was read")
    } catch {
      // The error names the kind, without printing 2,000 characters of key.
      #expect(error.description.contains("post-quantum recipient (age1pq1...)"))
      #expect(error.description.count < 200)
    }
  }
}
