// The most common passwords of 8 or more characters (shorter ones fail the length rule anyway), from the public
// breach-frequency lists (SecLists "10k most common", NCSC's top 100k). ASVS 6.2 asks that they be refused.
const COMMON = `
password 12345678 123456789 1234567890 12345678910 qwertyuiop password1 password123 password12 iloveyou
11111111 00000000 qwerty123 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qwerty12 123123123 987654321 sunshine1
football baseball superman princess trustno1 whatever starwars computer michelle jennifer corvette
mercedes asdfghjkl qwertyui 123qweasd abcd1234 abc12345 12341234 88888888 87654321 11223344 12121212
1234qwer q1w2e3r4 q1w2e3r4t5 passw0rd p@ssw0rd p@ssword letmein1 welcome1 welcome123 admin123 administrator
changeme iloveyou1 monkey123 dragon123 master123 football1 baseball1 liverpool chelsea1 arsenal1 manchester
jordan23 michael1 charlie1 shadow123 blink182 samsung1 internet password! password2 password3 passpass
1234abcd aaaaaaaa 99999999 77777777 55555555 66666666 22222222 33333333 44444444 12344321 11111111a
qazwsxedc qweasdzxc asdf1234 zxcvbnm1 zxcvbnm123 123456789a a123456789 123456abc abc123456 qwerty1234
iloveyou2 lovelove sweetheart loveyou1 babygirl1 princess1 butterfly tinkerbell sunflower chocolate
rainbow1 flower123 jesus123 godisgood blessed1 blessing faith123 trinity1 hallelujah christ123
nigeria1 nigeria123 lagos123 london123 london12 unitedkingdom england1 america1 freedom1 victory1
rhema123 rhemasingles singles1 dating123 matchmaker hello123 hello1234 helloworld test1234 testing123
computer1 secret123 security letmein123 access14 mustang1 ferrari1 yankees1 cowboys1 eagles12 soccer12
hockey12 basketball superstar pokemon1 naruto123 minecraft fortnite1 batman123 spiderman wolverine
1111111111 0000000000 1234512345 5555555555 123654789 147258369 159753456 741852963 963852741 zaq1zaq1
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

/** Case-insensitive: "Password123" is as guessable as "password123". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
