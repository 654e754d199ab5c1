# Adversarial inputs for the lexical parity vectors (used by gen-lexical-vectors.py).
# Written with escapes so invisible characters stay visible in review.

EDGE_STRINGS = [
    # empty / whitespace-only
    "", " ", "\t", "\n", "\u00a0", "\u2003", "\u3000", " \t\n\u00a0 ", "\x1c", "\x85", "\ufeff", "\u200b",
    # abbreviations and initials
    "Dr. Smith arrived.", "Mr. and Mrs. Lee came at 5 p.m. yesterday.", "The U.S. economy grew.",
    "He lives in the U.S. He likes it.", "e.g. apples, i.e. fruit, etc. and so on", "Meet at 9 a.m. sharp.",
    "J. R. R. Tolkien wrote it.", "A. Smith and B. Jones.", "Prof. Brown vs. Dr. Green", "St. Louis, Mo. is big.",
    "Inc. Ltd. Corp. Co. Bros.", "Jan. 5, Feb. 6, Sept. 7", "No. 5 is next.", "approx. 3 km", "Fig. 2 shows it.",
    "He got a Ph.D. in 2010.", "u.s.a. and u.k.", "The co-op. Then more.", "ex-dr. Who?", "Sr. Jr. Messrs. Calif.",
    "a. b. c.", "I. The first. II. The second.", "1. First item 2. Second item", "Chapter 3. The end.",
    "the 2nd. then", "at 5. then", "Washington D.C. is the capital.", "Hello.World", "end.Next sentence",
    # numbers
    "3.14", "1,000", "1,000,000 dollars", "3-4 times", "$5", "$5.99 each", "10%", "-3.5", ".5", "1.", "2.5.",
    "12:30", "3:1 ratio", "1,2,3", "a,b,c", "7/10", "#1 fan", "@user", "a&b", "x*y", "1e10", "0.000", "100°C",
    # contractions
    "can't", "won't", "I'm", "it's", "y'all", "'tis", "'Twas the night", "don't", "shouldn't've", "cannot",
    "gonna", "gotta", "wanna go", "gimme", "lemme", "d'ye", "more'n", "I'd", "you'll", "they're", "we've",
    "rock 'n' roll", "o'clock", "Jones' car", "the dogs' bones", "'hello'", "'a b'", "ma'am", "it'S",
    "CAN'T WON'T", "CANNOT", "Gonna", "\u2019tis", "can\u2019t", "it\u2019s", "I\u2019m",
    # quotes
    '"quoted"', 'He said "yes".', "''double single''", "``backticks``", "`single`", "\u201ccurly\u201d",
    "\u2018single curly\u2019", "\u00abguillemets\u00bb", "\u201elow\u201c", 'a "b" c', '("paren quote")',
    '["bracket"]', '{"brace"}', '<"angle">', '"Start', 'end"', "''", '""', "\"'\"", "' ' '",
    # dashes / ellipses
    "a-b", "a - b", "a--b", "a -- b", "a \u2013 b", "a\u2014b", "a \u2014 b", "---", "wait...", "wait\u2026",
    "...", "..", ". . .", "wait.. what", "so . . . yes", "end...Start", "Really?!", "What?? No!!", "!?!",
    "Yes!No", "(yes.)", "(Sent1.) Sent2.", '"Hi." She left.', "He said 'no.' Then left.", "ok.) fine",
    # urls / emails / markup
    "https://example.com/a?b=c&d=e.", "www.example.org", "mail me: john.doe@example.com.", "C:\\path\\file.txt",
    "**bold** and _italic_", "# Heading", "- item one\n- item two", "1) first 2) second", "<b>tag</b>",
    "[link](http://x.y)", "a|b|c", "~tilde~", "^caret^", "x=y+z", "100% sure!", "semi;colon", "colon:here",
    # unicode
    "\U0001F600 smile", "\U0001F44D\U0001F3FD", "caf\u00e9", "cafe\u0301", "\u4e2d\u6587\u6d4b\u8bd5\u3002",
    "\u4f60\u597d\uff0c\u4e16\u754c\uff01", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645.",
    "\u0130stanbul", "I\u0307", "STRASSE stra\u00dfe", "\u03a3\u039f\u03a6\u039f\u03a3 \u03c3\u03bf\u03c6\u03cc\u03c2",
    "\u03a3", "A\u03a3", "\u03a3A", "A\u03a3.", "A\u03a3'", "\u0131i\u0130I", "\u212a Kelvin", "\u017f long s",
    "\u00bd \u2153", "\u2460 circled", "\u0661\u0662\u0663 arabic digits", "\uff11\uff12 fullwidth", "\u00b2 squared",
    "\u1e9e", "\u01c5 titlecase", "\u2160 roman", "\u2102 complex", "\U0001D400 math", "\u24b6 circled A",
    "na\u00efve co\u00f6perate", "\u00c9COLE \u00e9cole", "\u0391\u0398\u0397\u039d\u0391.", "\u00fcber-cool",
    "zero\u200bwidth", "bom\ufeffhere", "soft\u00adhyphen", "nb\u00a0sp", "em\u2003sp", "ideo\u3000sp",
    "line\u2028sep", "para\u2029sep", "nel\x85here", "fs\x1cgs\x1drs\x1eus\x1f", "vt\x0bff\x0c",
    "tab\there", "new\nline", "cr\rlf", "  lead and trail  ", "\u3002\uff01\uff1f",
    # sentence boundaries
    "First. Second. Third.", "first.second", "One! Two? Three.", "A.B. C.D.", "Yes. yes. YES.",
    "He left. she stayed.", "Dr. no. Mr. yes.", "the end. The End", "x. y", "U.S. Army", "e.g. Foo",
    "5. Apples", "5. apples", "A. apples", "a. Apples", "etc. The", "etc. the", "Inc. However, it",
    "in the U.S. However, it", "z-holiday. administrators", "go. administrators", "go... However",
    "wait.. However", "Apt. 5B", "sen. smith", "no.1", "v. Wade", "vs. Them", "cf. Smith", "al. 2020",
    "(a) (b) [c] {d} <e>", "f(x)", "end.)", "end.\")", "end.'", "end.\u201d", "end!\"", "a.\"b", "'s", "n't",
]

# Pieces for random composition (fuzzing).
FRAGMENTS = [
    "Dr.", "Mr.", "U.S.", "e.g.", "i.e.", "etc.", "a.m.", "p.m.", "St.", "Inc.", "No.", "vs.", "J.", "K.", "Ph.D.",
    "the", "The", "a", "A", "and", "it", "It", "He", "he", "she", "However", "however", "But", "In", "in", "I",
    "apple", "Paris", "meeting", "went", "hospital", "medicine", "doctor", "cat", "dog", "yes", "no", "maybe",
    "3.14", "1,000", "3-4", "$5", "10%", "5.", "12:30", "2nd", "1990s", "-1", ".5", "100", "7", "0",
    "can't", "won't", "I'm", "it's", "y'all", "'tis", "don't", "cannot", "gonna", "wanna", "they're", "'s",
    '"', "'", "``", "''", "\u201c", "\u201d", "\u2018", "\u2019", "\u00ab", "\u00bb", "`",
    "-", "--", "\u2013", "\u2014", "...", "\u2026", "..", ".", ",", "!", "?", ";", ":", "(", ")", "[", "]",
    "{", "}", "<", ">", "*", "&", "@", "#", "%", "/", "\\", "|", "~", "^", "_", "+", "=",
    "https://x.org/a.b", "a@b.co", "\U0001F600", "\u4e2d\u6587", "\u0645\u0631\u062d\u0628\u0627", "\u0130",
    "\u00df", "\u03a3", "\u03c3", "\u0131", "\u017f", "\u212a", "caf\u00e9", "\u00bd", "\uff11", "\u2160",
    "administrators", "z-holiday", "b-week", "r-revised", "Administrators",
]

SEPARATORS = [
    " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "\x85", "\x1c", "\ufeff", "\u200b", "",
    ". ", "? ", "! ", "...", " -- ", ", ", ".", ";", " (", ") ", '" ', " '", "' ", "\u2019 ",
]
