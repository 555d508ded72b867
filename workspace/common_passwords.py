"""The 10,000 most common passwords, most common first: the ``passwords`` frequency list of zxcvbn (Dropbox's
password strength estimator, MIT licence, copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.; the Python port
by Daniel Wolf), less the few entries holding a space, a quote or a backslash. The workspace refuses a new password
that is one of these, or one of these with digits or punctuation around it (see :mod:`passwords`)."""

_LISTED = """
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein shadow master 696969 mustang 666666 qwertyuiop 123321 1234567890 pussy superman 654321 1qaz2wsx
7777777 fuckyou qazwsx jordan 123qwe 000000 killer trustno1 hunter harley zxcvbnm asdfgh buster batman soccer
tigger charlie sunshine iloveyou fuckme ranger hockey computer starwars asshole pepper klaster 112233 zxcvbn
freedom princess maggie pass ginger 11111111 131313 fuck love cheese 159753 summer chelsea dallas biteme
matrix yankees 6969 corvette austin access thunder merlin secret diamond hello hammer fucker 1234qwer silver
gfhjkm internet samantha golfer scooter test orange cookie q1w2e3r4t5 maverick sparky phoenix mickey bigdog
snoopy guitar whatever chicken camaro mercedes peanut ferrari falcon cowboy welcome sexy samsung steelers
smokey dakota arsenal boomer eagles tigers marina nascar booboo gateway yellow porsche monster spider diablo
hannah bulldog junior london purple compaq lakers iceman qwer1234 hardcore cowboys money banana ncc1701 boston
tennis q1w2e3r4 coffee scooby 123654 nikita yamaha mother barney brandy chester fuckoff oliver player forever
rangers midnight chicago bigdaddy redsox angel badboy fender jasper slayer rabbit natasha marine bigdick
wizard marlboro raiders prince casper fishing flower jasmine iwantu panties adidas winter winner gandalf
password1 enter ghbdtn 1q2w3e4r golden cocacola jordan23 winston madison angels panther blowme sexsex bigtits
spanky bitch sophie asdfasdf horny thx1138 toyota tiger dick canada 12344321 blowjob 8675309 muffin liverpoo
apples qwerty123 passw0rd abcd1234 pokemon 123abc slipknot qazxsw 123456a scorpion qwaszx butter startrek
rainbow asdfghjkl razz newyork redskins gemini cameron qazwsxedc florida liverpool turtle sierra viking booger
butthead doctor rocket 159357 dolphins captain bandit jaguar packers pookie peaches 789456 asdf dolphin helpme
blue theman maxwell qwertyui shithead lovers maddog giants nirvana metallic hotdog rosebud mountain warrior
stupid elephant suckit success bond007 jackass alexis porn lucky scorpio samson q1w2e3 azerty rush2112 driver
freddy 1q2w3e4r5t sydney gators dexter red123 123456q 12345a bubba creative voodoo golf trouble america nissan
gunner garfield bullshit asdfghjk 5150 fucking apollo 1qazxsw2 2112 eminem legend airborne bear beavis apple
brooklyn godzilla skippy 4815162342 buddy qwert kitten magic shelby beaver phantom asdasd xavier braves
darkness blink182 copper platinum qweqwe tomcat 01012011 girls bigboy 102030 animal police online 11223344
voyager lifehack 12qwaszx fish sniper 315475 trinity blazer heaven lover snowball playboy loveme bubbles
hooters cricket willow donkey topgun nintendo saturn destiny pakistan pumpkin digital sergey redwings explorer
tits private runner therock guinness lasvegas beatles 789456123 fire cassie christin qwerty1 celtic asdf1234
andrey broncos 007007 babygirl eclipse fluffy cartman michigan carolina testing alexande birdie pantera cherry
vampire mexico dickhead buffalo genius montana beer minecraft maximus flyers lovely stalker metallica doggie
snickers speedy bronco lol123 paradise yankee horses magnum dreams 147258369 lacrosse ou812 goober enigma
qwertyu scotty pimpin bollocks surfer cock poohbear genesis star asd123 qweasdzxc racing hello1 hawaii eagle1
viper poopoo einstein boobies 12345q bitches drowssap simple badger alaska action jester drummer 111222
spitfire forest maryjane champion diesel svetlana friday hotrod 147258 chevy lucky1 westside security google
badass tester shorty thumper hitman mozart zaq12wsx boobs reddog 010203 lizard a123456 123456789a ruslan eagle
1232323q scarface qwerty12 147852 a12345 buddha porno 420420 spirit money1 stargate qwe123 naruto mercury
liberty 12345qwert semperfi suzuki popcorn spooky marley scotland kitty cherokee vikings simpsons rascal
qweasd hummer loveyou michael1 patches russia jupiter penguin passion cumshot vfhbyf honda vladimir sandman
passport raider bastard 123789 infinity assman bulldogs fantasy sucker 1234554321 horney domino budlight
disney ironman usuckballz1 softball brutus redrum bigred mnbvcxz fktrcfylh karina marines digger kawasaki
cougar fireman oksana monday cunt justice nigger super wildcats tinker logitech dancer swordfis avalon everton
alexandr motorola patriots hentai madonna pussy1 ducati colorado connor juventus galore smooth freeuser
warcraft boogie titanic wolverin elizabet arizona valentin saints asdfg accord test123 password123 christ
yfnfif stinky slut spiderma naughty chopper hello123 ncc1701d extreme skyline poop zombie pearljam 123qweasd
froggy awesome vision pirate fylhtq dreamer bullet predator empire 123123a kirill charlie1 panthers penis
skipper nemesis rasdzv3 peekaboo rolltide cardinal psycho danger mookie happy1 wanker chevelle manutd goblue
9379992 hobbes vegeta fyfcnfcbz 852456 picard 159951 windows loverboy victory vfrcbv bambam serega 123654789
turkey tweety galina hiphop rooster changeme berlin taurus suckme polina electric avatar 134679 maksim raptor
alpha1 hendrix newport bigcock brazil spring a1b2c3 madmax alpha britney sublime darkside bigman wolfpack
classic hercules ronaldo letmein1 1q2w3e 741852963 spiderman blizzard 123456789q cheyenne cjkysirj tiger1
wombat bubba1 pandora zxc123 holiday wildcat devils horse alabama 147852369 caesar 12312 buddy1 bondage
pussycat pickle shaggy catch22 leather chronic a1b2c3d4 admin qqq111 qaz123 airplane kodiak freepass billybob
sunset katana phpbb chocolat snowman angel1 stingray firebird wolves zeppelin detroit pontiac gundam panzer
vagina outlaw redhead tarheels greenday nastya 01011980 hardon engineer dragon1 hellfire serenity cobra
fireball lickme darkstar 1029384756 01011 mustang1 flash 124578 strike beauty pavilion 01012000 bobafett
dbrnjhbz bigmac bowling chris1 ytrewq natali pyramid rulez welcome1 dodgers apache swimming whynot teens
trooper fuckit defender precious 135790 packard weasel popeye lucifer cancer icecream 142536 raven swordfish
presario viktor rockstar blonde james1 wutang spike pimp atlanta airforce thailand casino lennon mouse 741852
hacker bluebird hawkeye 456123 theone catfish sailor goldfish nfnmzyf tattoo pervert barbie maxima nipples
machine trucks wrangler rocks tornado lights cadillac bubble pegasus madman longhorn browns target 666999
eatme qazwsx123 microsoft dilbert christia baller lesbian shooter xfiles seattle qazqaz cthutq amateur prelude
corona freaky malibu 123qweasdzxc assassin 246810 atlantis integra pussies iloveu lonewolf dragons monkey1
unicorn software bobcat stealth peewee openup 753951 srinivas zaqwsx valentina shotgun trigger veronika bruins
coyote babydoll joker dollar lestat rocky1 hottie random butterfly wordpass smiley sweety snake chipper woody
samurai devildog gizmo maddie soso123aljg mistress freedom1 flipper express hjvfirf moose cessna piglet
polaris teacher montreal cookies wolfgang scully fatboy wicked balls tickle bunny dfvgbh foobar transam pepsi
fetish oicu812 basketba toshiba hotstuff sunday booty gambit 31415926 impala stephani jessica1 hooker lancer
knicks shamrock fuckyou2 stinger 314159 redneck deftones squirt siemens blaster trucker subaru renegade ibanez
manson swinger reaper blondie mylove galaxy blahblah enterpri travel 1234abcd babylon5 indiana skeeter master1
sugar ficken smoke bigone sweetpea fucked trfnthbyf marino escort smitty bigfoot babes larisa trumpet spartan
valera babylon asdfghj yankees1 bigboobs stormy mister hamlet aardvark butterfl marathon paladin cavalier
manchester skater indigo hornet buckeyes 01011990 indians karate hesoyam toronto diamonds chiefs buckeye
1qaz2wsx3edc highland hotsex charger redman passwor maiden drpepper storm pornstar garden 12345678910 pencil
sherlock timber thuglife insane pizza jungle jesus1 aragorn 1a2b3c hamster david1 triumph techno lollol
pioneer catdog 321654 fktrctq morpheus 141627 pascal shadow1 hobbit wetpussy erotic consumer blabla justme
stones chrissy spartak goforit burger pitbull adgjmptw italia barcelona hunting colors kissme virgin overlord
pebbles sundance emerald doggy racecar irina element 1478963 zipper alpine basket goddess poison nipple sakura
chichi huskers 13579 pussys q12345 ultimate ncc1701e blackie nicola rommel matthew1 caserta omega geronimo
sammy1 trojan 123qwe123 philips nugget tarzan chicks aleksandr bassman trixie portugal anakin dodger bomber
superfly madness q1w2e3r4t5y6 loser 123asd fatcat ybrbnf soldier warlock wrinkle1 desire sexual babe seminole
alejandr 951753 11235813 westham andrei concrete access14 weed letmein2 ladybug naked christop trombone tintin
bluesky rhbcnbyf qazxswedc onelove cdtnkfyf whore vfvjxrf titans stallion truck hansolo blue22 smiles beagle
panama kingkong flatron inferno mongoose connect poiuyt snatch qawsed juice blessed rocker snakes turbo
bluemoon sex4me finger jamaica a1234567 mulder beetle fuckyou1 passat immortal plastic 123454321 anthony1
whiskey dietcoke suck spunky magic1 monitor cactus exigen planet ripper teen spyder apple1 nolimit hollywoo
sluts sticky trunks 1234321 14789632 pickles sailing bonehead ghbdtnbr delta charlott rubber 911911 112358
molly1 yomama hongkong jumper william1 ilovesex faster unreal cumming memphis 1123581321 nylons legion
sebastia shalom pentium geheim werewolf funtime ferret orion curious 555666 niners cantona sprite philly
pirates abgrtyu lollipop eternity boeing super123 sweets cooldude tottenha green1 jackoff stocking 7895123
moomoo martini biscuit drizzt colt45 fossil makaveli snapper satan666 maniac salmon patriot verbatim nasty
shasta asdzxc shaved blackcat raistlin qwerty12345 punkrock cjkywt 01012010 4128 waterloo crimson twister
oxford musicman seinfeld biggie condor ravens megadeth wolfman cosmos sharks banshee keeper foxtrot gn56gn56
skywalke velvet black1 sesame dogs squirrel privet sunrise wolverine sucks legolas grendel ghost cats carrot
frosty lvbnhbq blades stardust frog qazwsxed 121314 coolio brownie groovy twilight daytona vanhalen pikachu
peanuts licker hershey jericho intrepid ninja 1234567a zaq123 lobster goblin punisher strider shogun kansas
amadeus seven7 jason1 neptune showtime muscle oldman ekaterina rfrfirf getsome showme 111222333 obiwan
skittles danni tanker maestro tarheel anubis hannibal anal newlife gothic shark fighter blue123 blues 123456z
princes slick chaos thunder1 sabine 1q2w3e4r5t6y python test1 mirage devil clover tequila chelsea1 surfing
delete potato chubby panasonic sandiego portland baggins fusion sooners blackdog buttons californ moscow
playtime mature 1a2b3c4d dagger dima stimpy asdf123 gangster warriors iverson chargers byteme swallow liquid
lucky7 dingdong nymets cracker mushroom 456852 crusader bigguy miami dkflbvbh bugger nimrod tazman stranger
newpass doodle powder gotcha guardian dublin slapshot septembe 147896325 pepsi1 milano grizzly woody1 knights
photos 2468 nookie charly rammstein brasil 123321123 scruffy munchkin poopie 123098 kittycat latino walnut
1701 thegame viper1 1passwor kolobok picasso robert1 barcelon bananas trance auburn coltrane eatshit goodluck
starcraft wheels parrot postal blade wisdom pink gorilla katerina pass123 andrew1 shaney14 dumbass osiris
fuck_inside oakland discover ranger1 spanking lonestar bingo meridian ping heather1 dookie stonecol megaman
192837465 rjntyjr ledzep lowrider 25802580 richard1 firefly griffey racerx paradox ghjcnj gangsta zaq1xsw2
tacobell weezer sirius halflife buffett shiloh 123698745 vertigo sergei aliens sobaka keyboard kangaroo sinner
soccer1 0.0.000 bonjour socrates chucky hotboy sprint 0007 sarah1 scarlet celica shazam formula1 sommer trebor
qwerasdf jeep mailcreated5240 bollox asshole1 fuckface honda1 rebels vacation lexmark penguins 12369874
ragnarok formula 258456 tempest vfhecz tacoma qwertz colombia flames rockon duck prodigy wookie dodgeram
mustangs 123qaz sithlord smoker server bang incubus scoobydo oblivion molson kitkat titleist rescue zxcv1234
carpet 1122 bigballs tardis jimbob xanadu blueeyes shaman mersedes pooper pussy69 golfing hearts mallard
12312312 kenwood patrick1 dogg cowboys1 oracle 123zxc nuttertools 102938 topper 1122334455 shemale sleepy
gremlin yourmom 123987 gateway1 printer monkeys peterpan mikey kingston cooler analsex jimbo pa55word asterix
freckles birdman frank1 defiant aussie stud blondes tatyana 445566 aspirine mariners jackal deadhead katrin
anime rootbeer frogger polo scooter1 hallo noodles thomas1 parola shaolin celine 11112222 plymouth creampie
justdoit ohyeah fatass assfuck amazon 1234567q kisses magnus camel nopass bosco 987456 6751520 harley1 putter
champs massive spidey lightnin camelot letsgo gizmodo aezakmi bones caliente 12121 goodtime thankyou raiders1
brucelee redalert aquarius 456654 catherin smokin pooh mypass astros roller porkchop sapphire qwert123 kevin1
a1s2d3f4 beckham atomic rusty1 vanilla qazwsxedcrfv hunter1 kaktus cxfcnmt blacky 753159 elvis1 aggies
blackjac bangkok scream 123321q iforgot power1 kasper abc12 buster1 slappy shitty veritas chevrole amber1
01012001 vader amsterdam jammer primus spectrum eduard granny horny1 sasha1 clancy usa123 satan diamond1
hitler avenger 1221 spankme 123456qwerty simba smudge scrappy labrador john316 syracuse front242 falcons
husker candyman commando gator pacman delta1 pancho krishna fatman clitoris pineappl lesbians 8j4ye3uz barkley
vulcan punkin boner celtics monopoly flyboy romashka hamburg 123456aa lick gangbang 223344 area51 spartans
aaa111 tricky snuggles drago homerun vectra homer1 hermes topcat cuddles infiniti 1234567890q cosworth goose
phoenix1 killer1 ivanov bossman qawsedrf peugeot exigent doberman durango brandon1 plumber telefon horndog
laguna rbhbkk dawg webmaster breeze beast porsche9 beefcake leopard redbull oscar1 topdog godsmack theking
pics omega1 speaker viktoria fuckers bowler starbuck gjkbyf valhalla anarchy blacks herbie kingpin starfish
nokia loveit achilles 906090 labtec ncc1701a fitness jordan1 brando arsenal1 bull kicker napass desert
sailboat bohica tractor hidden muppet jackson1 jimmy1 terminator phillies pa55w0rd terror farside swingers
legacy frontier butthole doughboy jrcfyf tuesday sabbath daniel1 nebraska homers qwertyuio azamat fallen
agent007 striker camels iguana looker pinkfloy moloko qwerty123456 dannyboy luckydog 789654 pistol whocares
charmed skiing select franky puppy daniil vladik vette vfrcbvrf ihateyou nevada moneys vkontakte mandingo
puppies 666777 mystic zidane kotenok dilligaf budman bunghole zvezda 123457 triton golfball technics trojans
panda laptop rookie 01011991 15426378 aberdeen gustav jethro enterprise igor stripper filter hurrican rfnthbyf
lespaul gizmo1 butch 132435 dthjybrf 1366613 excalibu 963852 nofear momoney possum cutter oilers moocow
cupcake gbpltw batman1 splash svetik super1 soleil bogdan melissa1 vipers babyboy tdutybq lancelot ccbill
keystone passwort flamingo firefox dogman vortex rebel noodle raven1 zaphod killme pokemon1 coolman danila
designer skinny kamikaze deadman gopher doobie warhammer deeznuts freaks engage chevy1 steve1 apollo13 poncho
hammers azsxdc dracula 000007 sassy bitch1 boots deskjet 12332 macdaddy mighty rangers1 manchest sterlin
casey1 meatball mailman sinatra cthulhu summer1 bubbas cartoon bicycle eatpussy truelove sentinel tolkien
breast capone lickit summit 123456k peter1 daisy1 kitty1 123456789z crazy1 jamesbon texas1 sexygirl 362436
sonic billyboy redhot microsof microlab daddy1 rockets iloveyo fernand gordon24 danie cutlass polska star69
titties pantyhos 01011985 thekid aikido gofish mayday 1234qwe coke anfield sony lansing smut scotch sexx
catman 73501505 hustler saun dfkthbz passwor1 jenny1 azsxdcfv cheers irish1 gabrie tinman orioles 1225
charlton fortuna 01011970 airbus rustam xtreme bigmoney zxcasd retard grumpy huskies boxing 4runner kelly1
ultima warlord fordf150 oranges rotten asdfjkl superstar denali sultan bikini saratoga thor figaro sixers
wildfire vladislav 128500 sparta mayhem greenbay chewie music1 number1 cancun fabie mellon poiuytrewq cloud9
crunch bigtime chicken1 piccolo bigbird 321654987 billy1 mojo 01011981 maradona sandro chester1 bizkit
rjirfrgbde 789123 rightnow jasmine1 hyperion treasure meatloaf armani rovers jarhead 01011986 cruise coconut
dragoon utopia davids cosmo rfhbyf reebok 1066 charli giorgi sticks sayang pass1234 exodus anaconda zaqxsw
illini woofwoof emily1 sandy1 packer poontang govols jedi tomato beaner cooter creamy lionking happy123
albatros poodle kenworth dinosaur greens goku happyday eeyore tsunami cabbage holyshit turkey50 memorex chaser
bogart orgasm tommy1 volley whisper knopka ericsson walleye 321123 pepper1 katie1 chickens tyler1 corrado
twisted 100000 zorro clemson zxcasdqwe tootsie milana zenith fktrcfylhf shania frisco polniypizdec0211
crazybab junebug fugazi rereirf vfvekz 1001 sausage vfczyz koshka clapton justin1 anhyeuem condom fubar
hardrock skywalker tundra cocks gringo 150781 canon vitalik aspire stocks samsung1 applepie abc12345 arjay
gandalf1 boob pillow sparkle gmoney rockhard lucky13 samiam everest hellyeah bigsexy skorpion rfrnec hedgehog
australi candle slacker dicks voyeur jazzman america1 bobby1 br0d3r wolfie vfksirf 1qa2ws3ed 13243546 fright
yosemite temp karolina fart barsik surf cheetah baddog deniska starship bootie milena hithere kume greatone
dildo 50cent 0.0.0.000 albion amanda1 midget lion maxell football1 cyclone freeporn nikola bonsai kenshin
slider balloon roadkill killbill 222333 jerkoff 78945612 dinamo tekken rambler goliath cinnamon malaka
backdoor fiesta packers1 rastaman fletch sojdlg123aljg stefano artemis calico nyjets damnit robotech duchess
rctybz hooter keywest 18436572 hal9000 mechanic pingpong operator presto sword rasputin spank bristol faggot
shado 963852741 amsterda 321456 wibble carrera alibaba majestic ramses duster route66 trident clipper steeler
wrestlin divine kipper gotohell kingfish snake1 passwords buttman pompey viagra zxcvbnm1 spurs 332211 slutty
lineage2 oleg macross pooter brian1 qwert1 charles1 slave jokers yzerman swimmer ne1469 nwo4life solnce seamus
lolipop pupsik moose1 ivanova secret1 matador love69 420247 ktyjxrf subway cinder vermont pussie chico florian
magick guiness allsop ghetto flash1 a123456789 typhoon dfkthf depeche skydive dammit seeker fuckthis crysis
kcj9wx5n umbrella r2d2c3po 123123q snoopdog critter theboss ding 162534 splinter kinky cyclops jayhawk 456321
caramel qwer123 underdog caveman onlyme grapes feather hotshot fuckher renault george1 sex123 pippen 000001
789987 floppy cunts megapass 1000 pornos usmc kickass great1 quattro 135246 wassup helloo p0015123 nicole1
chivas shannon1 bullseye java fishes blackhaw jamesbond tunafish juggalo dkflbckfd 123789456 dallas1
translator 122333 beanie alucard gfhjkm123 supersta magicman ashley1 cohiba xbox360 caligula 12131415 facial
7753191 dfktynbyf cobra1 cigars fang klingon bob123 safari looser 10203 deepthroat malina 200000 tazmania
gonzo goalie jacob1 monaco cruiser misfit vh5150 tommyboy marino13 yousuck sharky vfhufhbnf horizon absolut
brighton 123456r death1 kungfu maxx forfun mamapapa enter1 budweise banker getmoney kostya qazwsx12 bigbear
vector fallout nudist gunners royals chainsaw scania trader blueboy walrus eastside kahuna qwerty1234 love123
steph 01011989 cypress champ undertaker ybrjkfq europa snowboar sabres moneyman chrisbln minime nipper groucho
whitey viewsonic penthous wolf359 fabric flounder coolguy whitesox passme smegma skidoo thanatos fucku2
snapple dalejr mondeo thesims mybaby panasoni sinbad thecat topher frodo sneakers q123456 z1x2c3 alfa chicago1
taylor1 ghjcnjnfr cat123 olivier cyber titanium 0420 madison1 jabroni dang hambone intruder holly1 gargoyle
sadie1 static poseidon studly newcastl sexxxx poppy johannes danzig beastie musica buckshot sunnyday adonis
bluedog bonkers 2128506 chrono compute spawn 01011988 turbo1 smelly wapbbs goldstar ferrari1 778899 quantum
pisces boomboom gunnar 1024 test1234 florida1 nike superman1 multiplelo custom motherlode 1qwerty westwood
usnavy apple123 daewoo korn stereo sasuke sunflowe watcher dharma 555777 mouse1 assholes babyblue 123qwerty
marius walmart snoop starfire tigger1 paintbal knickers aaliyah lokomotiv theend winston1 sapper rover erotica
scanner racer zeus sexy69 doogie bayern joshua1 newbie scott1 losers droopy outkast martin1 dodge1 wasser
ufkbyf rjycnfynby thirteen 12345z 112211 hotred deejay hotpussy 192837 jessic philippe scout panther1 cubbies
havefun magpie fghtkm avalanch newyork1 pudding leonid harry1 cbr600 audia4 bimmer fucku 01011984 idontknow
vfvfgfgf 1357 aleksey builder 01011987 zerocool godfather mylife donuts allmine redfish 777888 sascha nitram
bounce 333666 smokes 1x2zkg8w rodman stunner zxasqw12 hoosier hairy beretta insert 123456s rtyuehe francesc
tights cheese1 micron quartz hockey1 gegcbr searay jewels bogey paintball celeron padres bing syncmaster ziggy
simon1 beaches prissy diehard orange1 mittens aleksandra queens 02071986 biggles thongs southpark artur
twinkle gretzky rabota cambiami monalisa gollum chuckles spike1 gladiator whisky spongebob sexy1 03082006
mazafaka meathead 4121 ou8122 barefoot 12345678q cfitymrf bigass a1s2d3 kosmos blessing titty clevelan
terrapin ginger1 johnboy maggot clarinet deeznutz 336699 stumpy stoney footbal traveler volvo bucket snapon
pianoman hawkeyes futbol casanova tango goodboy scuba honey1 sexyman warthog mustard abc1234 nickel 10203040
meowmeow 1012 boricua prophet sauron 12qwas reefer andromeda crystal1 joker1 90210 goofy loco lovesex triangle
whatsup mellow bengals monster1 maste 01011910 lover1 love1 123aaa sunshin smeghead hokies sting welder rambo
cerberus bunny1 rockford monke 1q2w3e4r5 goldwing gabriell buzzard crjhgbjy james007 rainman groove tiberius
purdue nokia6300 hayabusa shou jagger diver zigzag poochie usarmy phish redwood redwing 12345679 salamander
silver1 abcd123 sputnik boobie ripple eternal 12qw34er thegreat allstar slinky gesperrt mishka whiskers
pinhead overkill sweet1 rhfcjnrf montgom240 sersolution jamie1 starman proxy swords nikolay bacardi rasta
badgirl rebecca1 wildman penny1 spaceman 1007 10101 logan1 hacked bulldog1 helmet windsor buffy1 runescape
trapper 123451 banane dbrnjh ripken 12345qwe frisky shun fester oasis lightning ib6ub9 cicero kool pony thedog
784512 01011992 megatron illusion edward1 napster 11223 squash roadking woohoo 19411945 hoosiers 01091989
tracker bagira midway leavemealone br549 14725836 235689 menace rachel1 feng laser stoned realmadrid 787898
balloons tinkerbell 5551212 maria1 pobeda heineken sonics moonlight optimus comet orchid 02071982 jaybird
kashmir 12345678a chuang chunky peach mortgage rulezzz saleen chuckie zippy fishing1 gsxr750 doghouse maxim
reader shai buddah benfica chou salomon meister eraser blackbir bigmike starter pissing angus deluxe eagles1
hardcock 135792468 mian seahawks godfathe bookworm gregor intel talisman blackjack babyface hawaiian dogfood
zhong 01011975 sancho ludmila medusa mortimer 123456654321 roadrunn just4me stalin 01011993 handyman alphabet
pizzas calgary clouds password2 cgfhnfr f**k cubswin gong lexus max123 xxx123 digital1 gfhjkm1 7779311 missy1
michae beautifu gator1 1005 pacers buddie chinook heckfy dutchess sally1 breasts beowulf darkman jenn tiffany1
zhei quan qazwsx1 satana shang idontkno smiths puddin nasty1 teddybea valkyrie passwd chao boxster killers
yoda cheater inuyasha beast1 wareagle foryou dragonball mermaid bhbirf teddy1 dolphin1 misty1 delphi gromit
sponge qazzaq fytxrf gameover diao sergi beamer beemer kittykat rancid manowar adam12 diggler assword austin1
wishbone gonavy sparky1 fisting thedude sinister 1213 venera novell salsero jayden fuckoff1 linda1 vedder
02021987 1pussy redline lust jktymrf 02011985 dfcbkbq dragon12 chrome gamecube titten cong bella1 leng
02081988 eureka bitchass 147369 banner lakota 123321a mustafa preacher hotbox 02041986 z1x2c3v4 playstation
01011977 claymore electra checkers zheng qing armagedon 02051986 wrestle svoboda bulls nimbus alenka madina
newpass6 onetime aa123456 bartman 02091987 silverad electron 12345t devil666 oliver1 skylar rhtdtlrj gobucks
johann 12011987 milkman 02101985 camper thunderb bigbutt jammin davide cheeks goaway lighter claudi thumbs
pissoff ghostrider cocaine teng squall lotus hootie blackout doitnow subzero 02031986 marine1 02021988 pothead
123456qw skate 1369 peng antoni neng miao bcfields 1492 marika 794613 musashi tulips nong piao chai ruan
southpar 02061985 nude mandarin 654123 ninjas cannabis jetski xerxes zhuang kleopatra dickie bilbo pinky
morgan1 1020 1017 dieter baseball1 tottenham quest yfnfkmz dirtbike 1234567890a mango jackson5 ipswich iamgod
02011987 tdutybz modena qiao slippery qweasd123 bluefish samtron toon 111333 iscool 02091986 petrov fuzzy zhou
1357924680 mollydog deng 02021986 1236987 pheonix zhun ghblehjr othello starcraf 000111 sanfran a11111
cameltoe badman vasilisa jiang 1qaz2ws luan sveta 12qw12 akira chuai 369963 cheech beatle pickup paloma
01011983 caravan elizaveta gawker banzai pussey mullet seng bingo1 bearcat flexible farscape borussia zhuai
templar guitar1 toolman yfcntymrf chloe1 xiang slave1 guai nuggets 02081984 mantis slim scorpio1 fyutkbyf
thedoors 02081987 02061986 123qq123 zappa fergie 7ugd5hip2j huai asdfzxcv sunflower pussyman deadpool bigtit
01011982 love12 lassie skyler gatorade carpedie jockey mancity spectre 02021984 cameron1 artemka reng 02031984
iomega jing moritz spice rhino spinner heater zhai hover talon grease qiong corleone ltybcrf tian cowboy1
hippie chimera ting alex123 02021985 mickey1 corsair sonoma aaron1 xxxpass bacchus webmaste chuo xyz123
chrysler spurs1 artem shei cosmic 01020304 deutsch gabriel1 123455 oceans 987456321 binladen latinas a12345678
speedo buttercu 02081989 21031988 merlot millwall ceng kotaku jiong dragonba 2580 stonecold snuffy 01011999
02011986 hellos blaze maggie1 slapper istanbul bonjovi babylove mazda bullfrog phoeni meng porsche1 nomore
02061989 bobdylan capslock orion1 zaraza teddybear ntktajy myname rong wraith mets niao 02041984 smokie
chevrolet dialog gfhjkmgfhjkm dotcom vadim monarch athlon mikey1 hamish pian liang coolness chui thoma ramones
ciccio chippy eddie1 house1 ning marker cougars jackpot barbados reds pdtplf knockers cobalt amateurs dipshit
napoli kilroy pulsar jayhawks daemon alexey weng shuang 9293709b13 shiner eldorado soulmate mclaren golfer1
andromed duan 50spanks sexyboy dogshit 02021983 shuo kakashka syzygy 111111a yeahbaby qiang netscape fulham
120676 gooner zhui rainbow6 laurent dog123 halifax freeway carlitos 147963 eastwood microphone monkey12 1123
persik coldbeer geng nuan danny1 fgtkmcby entropy gadget just4fun sophi baggio carlito 1234567891 02021989
02041983 specialk piramida suan bigblue salasana hopeful mephisto bailey1 hack annie1 generic violetta
spencer1 arcadia 02051983 hondas 9562876 trainer jones1 smashing liao 159632 iceberg rebel1 snooker temp123
zang matteo fastball q2w3e4r5 bamboo fuckyo shutup astro buddyboy nikitos redbird maxxxx shitface 02031987
kuai kissmyass sahara radiohea 1234asdf wildcard maxwell1 patric plasma heynow bruno1 shao bigfish misfits
sassy1 sheng 02011988 02081986 testpass nanook cygnus licking slavik pringles xing 1022 ninja1 submit dundee
tiburon pinkfloyd yummy shuai guang chopin obelix insomnia stroker 1a2s3d4f 1223 playboy1 lazarus jorda
spider1 homerj sleeper 02041982 darklord cang 02041988 02041987 tripod magician jelly telephon 15975
vsjasnel12 pasword iverson3 pavlov homeboy gamecock amigo brodie budapest yjdsqgfhjkm reckless 02011980 pang
tiger123 2469 mason1 orient 01011979 zong cdtnbr maksimka 1011 bushido taxman giorgio sphinx kazantip 02101984
concorde verizon lovebug georg sam123 seadoo qazwsxedc123 jiao jezebel pharmacy abnormal jellybea maxime puffy
islander bunnies jiggaman drakon 010180 pluto zhjckfd 12365 classics crusher mordor hooligan strawberry
02081985 scrabble hawaii50 1224 wg8e3wjf cthtuf premium arrow 123456qwe mazda626 ramrod tootie rhjrjlbk ghost1
1211 bounty niang 02071984 goat killer12 sweetnes porno1 masamune 426hemi corolla mariposa hjccbz doomsday
bummer blue12 zhao bird33 excalibur samsun kirsty buttfuck kfhbcf zhuo marcello ozzy 02021982 dynamite 655321
master12 123465 lollypop stepan 1qa2ws spiker goirish callum michael2 moonbeam attila henry1 lindros andrea1
sporty lantern 12365478 nextel violin volcom 998877 water1 imation inspiron dynamo citadel placebo clowns tiao
02061988 tripper dabears haggis merlin1 02031985 anthrax amerika iloveme vsegda burrito bombers snowboard
forsaken katarina a1a2a3 woofer tigger2 fullmoon tiger2 spock hannah1 snoopy1 sexxxy sausages stanislav cobain
robotics exotic green123 mobydick senators pumpkins fergus asddsa 147741 258852 windsurf reddevil vfitymrf
nevermind nang woodland 4417 mick shui q1q2q3 wingman 69696 superb zuan ganesh pecker zephyr anastasiya icu812
larry1 02081982 broker zalupa mihail vfibyf dogger 7007 paddle varvara schalke 1z2x3c presiden yankees2 tuning
poopy 02051982 concord vanguard stiffy rjhjktdf felix1 wrench firewall boxer bubba69 popper 02011984 temppass
gobears cuan tipper fuckme1 kamila thong puss bigcat drummer1 02031982 sowhat digimon tigers1 rang jingle bian
uranus soprano mandy1 dusty1 fandango aloha pumpkin1 postman 02061980 dogcat bombay pussy123 onetwo highheel
pippo julie1 laura1 pepito beng smokey1 stylus stratus reload duckie karen1 jimbo1 225588 369258 krusty snappy
asdf12 electro 111qqq kuang fishin clit abstr christma qqqqq1 1234560 carnage guyver boxers kittens zeng
1000000 qwerty11 toaster cramps yugioh 02061987 icehouse zxcvbnm123 pineapple namaste harrypotter mygirl
falcon1 earnhard fender1 spikes nutmeg 01081989 dogboy 02091983 369852 softail mypassword prowler bigboss 1112
harvest heng jubilee killjoy basset keng zaqxswcde redsox1 biao titan misfit99 robot wifey kidrock 02101987
gameboy enrico 1z2x3c4v broncos1 arrows havana banger cookie1 chriss 123qw platypus cindy1 lumber pinball foxy
london1 1023 05051987 02041985 password12 superma longbow radiohead nigga 12051988 spongebo qwert12345
abrakadabra dodgers1 02101989 chillin niceguy pistons hookup santafe bigben jets 1013 vikings1 mankind
viktoriya beardog hammer1 02071980 reddwarf magelan longjohn jennife gilles carmex2 02071987 stasik bumper
doofus slamdunk pixies garion steffi alessandro beerman niceass warrior1 honolulu 134679852 visa johndeer
mother1 windmill boozer oatmeal aptiva busty delight tasty slick1 bergkamp badgers guitars puffin 02091981
nikki1 irishman miller1 zildjian 123000 airwolf magnet anai install 02041981 02061983 astra romans megan1
mudvayne freebird muscles dogbert 02091980 02091984 snowflak 01011900 mang joseph1 nygiants playstat junior1
vjcrdf qwer12 webhompas giraffe pelican jefferso comanche bruiser monkeybo kjkszpj 123456l micro albany
02051987 angel123 epsilon aladin death666 hounddog josephin altima chilly 02071988 78945 ultra 02041979 gasman
thisisit pavel idunno kimmie 05051985 paulie ballin medion moondog manolo pallmall climber fishbone genesis1
153624 toffee tbone clippers krypton jerry1 picturs compass 111111q 02051988 1121 02081977 sairam getout
333777 cobras 22041987 bigblock severin booster norwich whiteout ctrhtn 123456m 02061984 hewlett shocker
fuckinside 02031981 chase1 white1 versace 123456789s basebal iloveyou2 bluebell 08031986 anthon stubby foreve
undertak werder saiyan mama123 medic chipmunk mike123 mazdarx7 qwe123qwe bowwow kjrjvjnbd celeb choochoo demo
lovelife 02051984 colnago lithium 02051989 15051981 zzzxxx welcom anastasi fidelio franc 26061987 roadster
stone55 drifter hookem hellboy 1234qw cbr900rr sinned good123654 storm1 gypsy zebra zachary1 toejam buceta
02021979 testing1 redfox lineage mike1 highbury koroleva nathan1 washingt 02061982 02091985 vintage redbaron
dalshe mykids 11051987 macbeth julien james123 krasotka 111000 10011986 987123 pipeline tatarin sensei codered
komodo frogman 7894561230 nascar24 juicy 01031988 redrose mydick pigeon tkbpfdtnf smirnoff 1215 spam winner1
flyfish moskva 81fukkc 21031987 olesya starligh summer99 13041988 fishhead freesex super12 06061986 azazel
scoobydoo 02021981 cabron yogibear sheba1 konstantin tranny chilli terminat ghbywtccf slowhand soccer12
cricket1 fuckhead 1002 seagull achtung blam bigbob bdsm nostromo survivor cnfybckfd lemonade boomer1 rainbow1
rober irinka cocksuck peaches1 itsme sugar1 zodiac upyours dinara 135791 sunny1 chiara johnson1 02041989
solitude habibi sushi markiz smoke1 rockies catwoman johnny1 qwerty7 bearcats username 01011978 wanderer
ohshit 02101986 sigma stephen1 paradigm 02011989 flanker sanity jsbach spotty bologna fantasia chevys borabora
cocker 74108520 123ewq 12021988 01061990 gtnhjdbx 02071981 01011960 sundevil 3000gt mustang6 gagging maggi
armstron yfnfkb 13041987 revolver 02021976 trouble1 madcat jeremy1 jackass1 volkswag 30051985 corndog pool6123
marines1 03041991 pizza1 piggy sissy 02031979 sunfire angelus undead 24061986 14061991 wildbill shinobi
45m2do5bs 123qwer 21011989 cleopatr lasvega hornets amorcit 11081989 coventry nirvana1 destin sidekick
20061988 02081983 gbhfvblf sneaky bmw325 22021989 nfytxrf sekret kalina zanzibar hotone qazws wasabi heidi1
highlander blues1 hitachi paolo 23041987 slayer1 simba1 02011981 tinkerbe kieran 01121986 172839 boiler 1125
bluesman waffle asdfgh01 threesom conan 1102 reflex 18011987 nautilus everlast fatty vader1 01071986 cyborg
ghbdtn123 birddog rubble 02071983 suckers 02021973 skyhawk 12qw12qw dakota1 joebob nokia6233 woodie longdong
lamer troll ghjcnjgfhjkm 420000 boating nitro armada messiah 1031 penguin1 02091989 americ 02071989 redeye
asdqwe123 07071987 monty1 goten spikey sonata 635241 tokiohotel sonyericsson citroen compaq1 1812 umpire
belmont jonny pantera1 nudes palmtree 14111986 fenway bighead razor gryphon andyod22 aaaaa1 taco 10031988
enterme malachi dogface reptile 01041985 dindom handball marseille candy1 19101987 torino tigge matthias
viewsoni 13031987 stinker evangelion 24011985 123456123 rampage sandrine 02081980 thecrow astral 28041987
sprinter private1 seabee shibby 02101988 25081988 fearless junkie 01091987 aramis antelope draven fuck1 mazda6
eggman 02021990 barselona buddy123 19061987 fyfnjkbq nancy1 12121990 10071987 sluggo kille hotties irishka
zxcasdqwe123 shamus fairlane honeybee soccer10 13061986 fantomas 17051988 10051987 20111986 gladiato karachi
gambler gordo 01011995 biatch matthe 25800852 papito excite buffalo1 bobdole cheshire player1 28021992 thewho
10101986 pinky1 mentor tomahawk brown1 03041986 bismillah bigpoppa ijrjkfl 01121988 runaway 08121986 skibum
studman helper squeak holycow manfred harlem glock gideon 987321 14021985 yellow1 wizard1 margarit success1
medved sf49ers lambda pasadena johngalt quasar 1776 02031980 coldplay amand playa bigpimp 04041991 capricorn
elefant sweetness bruce1 luca dominik 10011990 biker 09051945 datsun elcamino trinitro malice audi voyager1
02101983 joe123 carpente spartan1 mario1 glamour diaper 12121985 22011988 winter1 asimov callisto nikolai
pebble 02101981 vendetta david123 boytoy 11061985 02031989 iloveyou1 stupid1 cayman casper1 zippo yamahar1
wildwood foxylady calibra 02041980 27061988 dungeon leedsutd 30041986 11051990 bestbuy antares dominion 24680
01061986 skillet enforcer derparol 01041988 196969 29071983 f00tball purple1 mingus 25031987 21031990 remingto
giggles klaste 3x7pxr 01011994 coolcat 29051989 megane 20031987 02051980 04041988 synergy 0000007 macman
iforget adgjmp vjqgfhjkm 28011987 rfvfcenhf 16051989 25121987 16051987 rogue mamamia 08051990 20091991 1210
carnival bolitas paris1 dmitriy dimas 05051989 papillon knuckles 29011985 hola tophat 28021990 100500 cutiepie
devo 415263 ducks ghjuhfvvf asdqwe 22021986 freefall parol 02011983 zarina buste vitamin warez bigones
17061988 baritone jamess twiggy mischief bitchy hetfield 1003 dontknow grinch sasha_007 18061990 12031985
12031987 calimero 224466 letmei 15011987 acmilan alexandre 02031977 08081988 whiteboy 21051991 barney1
02071978 money123 18091985 bigdawg 02031988 cygnusx1 zoloto 31011987 firefigh blowfish screamer lfybbk
20051988 chelse 11121986 01031989 harddick sexylady 30031988 02041974 auditt pizdec kojak kfgjxrf 20091988
123456ru wp2003wp 1204 15051990 slugger kordell1 03031986 swinging 01011974 02071979 rockie dimples 1234123
1dragon trucking rusty2 roger1 marijuana kerouac 02051978 08031985 paco thecure keepout kernel noname123
13121985 francisc bozo 02011982 22071986 02101979 obsidian 12345qw spud tabasco 02051985 jaguars dfktynby
kokomo popova notused sevens 4200 magneto 02051976 roswell 15101986 21101986 lakeside bigbang aspen little1
14021986 loki suckmydick strawber carlos1 nokian73 dirty1 joshu 25091987 16121987 02041975 advent 17011987
slimshady whistler 10101990 stryker 22031984 15021985 01031985 blueball 26031988 ksusha bahamut robocop w_pass
chris123 impreza prozac bookie bricks 13021990 alice1 cassandr 11111q john123 4ever korova 02051973 142857
25041988 paramedi eclipse1 salope 07091990 1124 darkangel 23021986 999666 nomad 02051981 smackdow 01021990
yoyoma argentin moonligh 57chevy bootys hardone capricor galant spanker dkflbr 24111989 magpies krolik
21051988 cevthrb cheddar 22041988 bigbooty scuba1 qwedsa duffman bukkake acura johncena sexxy p@ssw0rd 258369
cherries 12345s asgard leopold fuck123 mopar lalakers dogpound matrix1 crusty spanner kestrel fenris universa
peachy assasin lemmein eggplant hejsan canucks wendy1 doggy1 aikman tupac turnip godlike fussball golden1
19283746 april1 django petrova captain1 vincent1 ratman taekwondo chocha serpent perfect1 capetown vampir
amore gymnast timeout nbvjatq blue32 ksenia k.lvbkf nazgul budweiser clutch mariya sylveste 02051972 beaker
cartman1 q11111 sexxx forever1 loser1 marseill magellan vehpbr sexgod jktxrf hallo123 132456 liverpool1
southpaw seneca camden 357159 camero tenchi johndoe 145236 roofer 741963 vlad 02041978 fktyrf zxcv123 wingnut
wolfpac notebook pufunga7782 brandy1 biteme1 goodgirl redhat 02031978 challeng millenium hoops maveric noname
angus1 gaell onion olympus sabrina1 ricard sixpack gratis gagged camaross hotgirls flasher 02051977 bubba123
goldfing moonshin gerrard volkov sonyfuck mandrake 258963 tracer lakers1 asians susan1 money12 helmut boater
diablo2 1234zxcv dogwood bubbles1 happy2 randy1 aries beach1 marcius2 navigator goodie hellokitty fkbyjxrf
earthlink lookout jumbo opendoor stanley1 marie1 12345m 07071977 ashle wormix murzik 02081976 lakewood
bluejays loveya commande gateway2 peppe 01011976 7896321 goth oreo slammer rasmus faith1 knight1 stone1
redskin ironmaiden gotmilk destiny1 dejavu 1master midnite timosha espresso delfin toriamos oberon ceasar
markie 1a2s3d ghhh47hj7649 vjkjrj daddyo dougie disco auggie lekker therock1 ou8123 start1 noway p4ssw0rd
shadow12 333444 saigon 2fast4u capecod 23skidoo qazxcv beater bremen aaasss roadrunner peace1 12345qwer
02071975 platon bordeaux vbkfirf 135798642 test12 supernov beatles1 qwert40 optimist vanessa1 prince1 ilovegod
nightwish natasha1 alchemy bimbo blue99 patches1 gsxr1000 richar hattrick hott solaris proton nevets enternow
beavis1 amigos 159357a ambers lenochka 147896 suckdick shag intercourse blue1234 spiral 02061977 tosser ilove
02031975 cowgirl canuck q2w3e4 munch spoons waterboy 123567 evgeniy savior zasada redcar mamacita terefon
globus doggies htubcnhfwbz 1008 cuervo suslik azertyui limewire houston1 stratfor steaua coors tennis1
12345qwerty stigmata derf klondike patrici marijuan hardball odyssey nineinch boston1 pass1 beezer sandr
charon power123 a1234 vauxhall 875421 awesome1 reggae boulder funstuff iriska krokodil rfntymrf sterva champ1
bball peeper m123456 toolbox cabernet sheepdog magic32 pigpen 02041977 holein1 lhfrjy banan dabomb natalie1
jennaj montana1 joecool funky steven1 ringo junio sammy123 qqqwww baltimor footjob geezer 357951 mash4077
cashmone pancake monic grandam bongo yessir gocubs nastia vancouve barley dragon69 watford ilikepie 02071976
laddie 123456789m hairball toonarmy pimpdadd cvthnm hunte davinci lback sophie1 firenze q1234567 admin1
bonanza elway7 daman strap azert wxcvbn afrika theforce 123456t idefix wolfen houdini scheisse default beech
maserati 02061976 sigmachi dylan1 bigdicks eskimo mizzou 02101976 riccardo egghead 111777 kronos ghbrjk chaos1
jomama rfhnjirf rodeo dolemite cafc91 nittany pathfind mikael password9 vqsablpzla purpl gabber modelsne
myxworld hellsing punker rocknrol fishon fuck69 02041976 lolol twinkie tripleh cirrus redbone killer123 biggun
allegro gthcbr smith1 wanking bootsy barry1 mohawk koolaid 5329 futurama samoht klizma 996633 lobo honeys
peanut1 556677 zxasqw joemama javelin samm 223322 sandra1 flicks montag nataly 3006 tasha1 1235789 dogbone
poker1 p0o9i8u7 goodday smoothie toocool max333 metroid archange vagabond billabon 22061941 tyson1 02031973
darkange skateboard evolutio morrowind wizards frodo1 rockin cumslut plastics zaqwsxcde 5201314 doit outback
bumble dominiqu persona nevermore alinka 02021971 forgetit sexo all4one c2h5oh petunia sheeba kenny1 elisabet
aolsucks woodstoc pumper 02011975 fabio granada scrapper 123459 minimoni q123456789 breaker 1004 02091976
ncc74656 slimshad friendster austin31 wiseguy donner dilbert1 132465 blackbird buffet jellybean barfly behappy
01011971 carebear fireblad 02051975 boxcar cheeky kiteboy hello12 panda1 elvisp opennow doktor alex12 02101977
pornking flamengo 02091975 snowbird lonesome robin1 11111a weed420 baracuda bleach 12345abc nokia1 metall
singapor mariner herewego dingo tycoon cubs blunts proview 123456789d kamasutra lagnaf vipergts navyseal
starwar masterbate wildone peterbil cucumber butkus 123qwert climax deniro gotribe cement scooby1 summer69
harrier shodan newyear 02091977 starwars1 romeo1 sedona harald doubled sasha123 bigguns salami awnyce kiwi
homemade pimping azzer bradley1 warhamme linkin dudeman qwe321 pinnacle maxdog flipflop lfitymrf fucker1
acidburn esquire sperma fellatio jeepster thedon sexybitch pookey spliff widget vfntvfnbrf trinity1 mutant
samuel1 meliss gohome 1q2q3q mercede comein grin cartoons paragon henrik rainyday pacino senna bigdog1
alleycat 12345qaz narnia mustang2 tanya1 gianni apollo11 wetter clovis escalade rainbows freddy1 smart1
daisydog s123456 cocksucker pushkin lefty sambo fyutkjxtr hiziad boyz whiplash orchard newark adrenalin
1598753 bootsie chelle trustme chewy golfgti tuscl ambrosia 5wr2i7h8 penetration shonuf jughead payday
stickman gotham kolokol johnny5 kolbasa stang puppydog charisma gators1 mone jakarta draco nightmar 01011973
inlove laetitia 02091973 tarpon nautica meadow 0192837465 luckyone 14881488 chessie goldeney tarakan 69camaro
bungle wordup interne fuckme2 515000 dragonfl sprout 02081974 gerbil bandit1 02071971 melanie1 phialpha camber
kathy1 adriano gonzo1 10293847 bigjohn bismarck 7777777a scamper 12348765 rabbits 222777 bynthytn dima123
alexander1 mallorca dragster favorite6 beethove burner cooper1 fosters hello2 normandy 777999 sebring 1michael
lauren1 blake1 killa 02091971 nounours trumpet1 thumper1 playball xantia rugby1 rocknroll guillaum angela1
strelok prosper buttercup masterp dbnfkbr cambridg venom treefrog lumina 1234566 supra sexybabe freee shen
frogs driller pavement grace1 dicky checker smackdown pandas cannibal asdffdsa blue42 zyjxrf nthvbyfnjh
melrose neon jabber gamma 369258147 aprilia atticus benessere catcher skipper1 azertyuiop sixty9 thierry
treetop jello melons 123456789qwe tantra buzzer catnip bouncer computer1 sexyone ananas young1 olenka sexman
mooses kittys sephiroth contra hallowee skylark sparkles 777333 1qazxsw23edc lucas1 q1w2e3r gofast hannes
amethyst ploppy flower2 hotass amatory volleyba dixie1 bettyboo ticklish 02061974 frenchy phish1 murphy1
trustno 02061972 leinad mynameis spooge jupiter1 hyundai frosch junkmail abacab marbles 32167 casio sunshine1
wayne1 longhair caster snicker 02101973 gannibal skinhead hansol gatsby segblue2 montecar plato gumby kaboom
matty bosco1 888999 jazzy panter jesus123 charlie2 giulia candyass sex69 travis1 farmboy special1 02041973
letsdoit password01 allison1 abcdefg1 notredam ilikeit 789654123 liberty1 rugger uptown alcatraz 123456w
airman 007bond navajo kenobi terrier stayout grisha frankie1 fluff 1qazzaq1 1234561 virginie 1234568 tango1
werdna octopus fitter dfcbkbcf blacklab 115599 montrose allen1 supernova frederik ilovepussy justice1 radeon
playboy2 blubber sliver swoosh motocros lockdown pearls thebear istheman pinetree biit 1234rewq rustydog
tampabay titts babycake jehovah vampire1 streaming collie camil fidelity calvin1 stitch gatit restart puppy1
budgie grunt capitals hiking dreamcas zorro1 321678 riffraff makaka playmate napalm rollin amstel zxcvb123
samanth rumble fuckme69 jimmys 951357 pizzaman 1234567899 tralala delpiero alexi yamato itisme 1million vfndtq
kahlua londo wonderboy carrots tazz ratboy rfgecnf 02081973 nico fujitsu tujhrf sergbest blobby 02051970
sonic1 1357911 smirnov video1 panhead bucky 02031974 44332211 duffer cashmoney left4dead bagpuss salman
01011972 titfuck 66613666 england1 malish dresden lemans darina zapper 123456as 123456qqq met2002 02041972
redstar blue23 1234509876 pajero booyah please1 tetsuo semper finder hanuman sunlight 123456n 02061971 treble
cupoi password99 dimitri 3ip76k2 popcorn1 lol12345 stellar nympho shark1 keith1 saskia bigtruck revoluti
rambo1 asd222 feelgood phat gogators bismark cola puck furball burnout slonik bowtie mommy1 icecube fabienn
mouser papamama rolex giants1 blue11 trooper1 momdad iklo morten rhubarb gareth 123456d blitz canada1 r2d2
brest tigercat usmarine lilbit benny1 azrael lebowski 12345r madagaskar begemot loverman dragonballz italiano
mazda3 naughty1 onions diver1 cyrano capcom asdfg123 forlife fisherman weare138 requiem mufasa alpha123
piercing hellas abracadabra duckman caracas macintos 02011971 jordan2 crescent fduecn hogtied eatmenow ramjet
18121812 kicksass whatthe discus rfhfvtkmrf rufus1 sqdwfe mantle vegitto trek dan123 paladin1 rudeboy liliya
lunchbox riversid acapulco libero dnsadm maison toomuch boobear hemlock sextoy pugsley misiek athome migue
altoids marcin 123450 rhfcfdbwf jeter2 rhinos rjhjkm mercury1 ronaldinho shampoo makayla kamilla masterbating
tennesse holger john1 matchbox hores poptart parlament goodyear asdfgh1 02081970 hardwood alain erection
hfytnrb highlife implants benjami dipper jeeper bendover supersonic babybear laserjet gotenks bama natedogg
aol123 pokemo rabbit1 raduga sopranos cashflow menthol pharao hacking 334455 ghjcnbnenrf lizzy muffin1 pooky
penis1 flyer gramma dipset becca ireland1 diana1 donjuan pong ziggy1 alterego simple1 cbr900 logger 111555
claudia1 cantona7 matisse ljxtymrf victori harle mamas encore mangos iceman1 diamon alexxx tiamat 5000 desktop
mafia smurf princesa shojou blueberr welkom maximka 123890 123q123 tammy1 bobmarley clips demon666 ismail
termite laser1 missie altair donna1 bauhaus trinitron mogwai flyers88 juniper nokia5800 boroda jingles
qwerasdfzxcv shakur 777666 legos mallrats 1qazxsw goldeneye tamerlan julia1 backbone spleen 49ers shady
darkone medic1 justi giggle cloudy aisan douche parkour bluejay huskers1 redwine 1qw23er4 satchmo 1231234
nineball stewart1 ballsack probes kappa amiga flipper1 dortmund 963258 trigun 1237895 homepage blinky screwy
gizzmo belkin chemist coolhand chachi braves1 thebest greedisgood pro100 banana1 101091m 123456g wonderfu
barefeet 8inches 1111qqqq kcchiefs qweasdzxc123 metal1 jennifer1 xian asdasd123 pollux cheerleaers fruity
mustang5 turbos shopper photon espana hillbill oyster macaroni gigabyte jesper motown tuxedo buster12 triplex
cyclones estrell mortis holla 456987 fiddle sapphic jurassic thebeast ghjcnjq baura spock1 metallica1 karaoke
nemrac58 love1234 02031970 flvbybcnhfnjh frisbee diva ajax feathers flower1 soccer11 allday mierda pearl1
amature marauder 333555 redheads womans egorka godbless 159263 nimitz aaaa1111 sashka madcow socce greywolf
baboon pimpdaddy 123456789r reloaded lancia rfhfylfi dicker placid grimace 22446688 olemiss whores culinary
wannabe maxi 1234567aa amelie riley1 trample phantom1 baberuth bramble asdfqwer vides 4you abc123456 taichi
aztnm smother outsider hakr blackhawk bigblack girlie spook valeriya gianluca freedo 1q2q3q4q handbag lavalamp
cumm pertinant whatup nokia123 redlight patrik 111aaa poppy1 dfytxrf aviator sweeps kristin1 cypher elway
yinyang access1 poophead tucson noles1 monterey waterfal dank dougal 918273 suede minnesot legman bukowski
ganja mammoth riverrat asswipe daredevi lian arizona1 kamikadze alex1234 smile1 angel2 55bgates bellagio 0001
wanrltw stiletto lipton arsena biohazard bbking chappy tetris as123456 darthvad lilwayne nopassword 7412369
123456789987654321 natchez glitter 14785236 mytime rubicon moto pyon wazzup tbird shane1 nightowl getoff
beckham7 trueblue hotgirl nevermin deathnote 13131 taffy bigal copenhag apricot gallaries dtkjcbgtl totoro
onlyone civicsi jesse1 baby123 sierra1 festus abacus sickboy fishtank fungus charle golfpro teensex mario66
seaside aleksei rosewood blackberry 1020304050 bedlam schumi deerhunt contour darkelf surveyor deltas pitchers
741258963 dipstick funny1 lizzard 112233445566 jupiter2 softtail titman greenman z1x2c3v4b5 smartass 12345677
notnow myworld nascar1 chewbacc nosferatu downhill dallas22 kuan blazers whales soldat craving powerman
yfcntyf hotrats cfvceyu qweasdzx princess1 feline qqwwee chitown 1234qaz mastermind 114477 dingbat care1839
standby kismet atreides dogmeat icarus monkeyboy alex1 mouses nicetits sealteam chopper1 crispy winter99
rrpass1 myporn myspace1 corazo topolino ass123 lawman muffy orgy 1love passord hooyah ekmzyf pretzel amonra
nestle 01011950 jimbeam happyman z12345 stonewal helios manunited harcore dick1 gaymen 2hot4u light1 qwerty13
kakashi pjkjnj alcatel taylo allah buddydog ltkmaby mongo blonds start123 audia6 123456v civilwar bellaco
turtles mustan deadspin aaa123 fynjirf lucky123 tortoise amor summe waterski zulu drag0n dtxyjcnm gizmos
strife interacial pusyy goose1 bear1 equinox matri jaguar1 tobydog sammys nachos traktor bryan1 morgoth 444555
dasani miami1 mashka xxxxxx1 ownage nightwin hotlips passmast cool123 skolko eldiablo manu 1357908642 screwyou
badabing foreplay hydro kubrick seductive demon1 comeon galileo aladdin metoo happines 902100 mizuno caddy
bizzare girls1 redone ohmygod sable bonovox girlies hamper opus gizmodo1 aaabbb pizzahut 999888 rocky2 anton1
kikimora peavey ocelot a1a2a3a4 2wsx3edc jackie1 solace sprocket galary chuck1 volvo1 shurik poop123 locutus
virago wdtnjxtr tequier bisexual doodles makeitso fishy 789632145 nothing1 fishcake sentry libertad oaktree
fivestar adidas1 vegitta mississi spiffy carme neutron vantage agassi boners 123456789v hilltop taipan barrage
kenneth1 fister martian willem lfybkf bluestar moonman ntktdbpjh paperino bikers daffy benji quake dragonfly
suckcock danilka lapochka belinea calypso asshol camero1 abraxas mike1234 womam q1q2q3q4q5 youknow maxpower
audi80 sonora raymond1 tickler tadpole belair crazyman finalfantasy 999000 jonatha paisley kissmyas morgana
monste mantra spunk magic123 jonesy mark1 alessand 741258 baddest ghbdtnrfrltkf zxccxz tictac augustin racers
7grout foxfire 99762000 openit nathanie 1z2x3c4v5b seadog gangbanged lovehate hondacbr harpoon mamochka
fisherma bismilla locust wally1 spiderman1 saffron utjhubq 123456987 20spanks safeway pisser bdfyjd kristen1
bigdick1 magenta vfhujif anfisa friday13 qaz123wsx 0987654321q tyrant guan meggie kontol nurlan ayanami
rocket1 yaroslav websol76 mutley hugoboss websolutions elpaso gagarin badboys sephirot 918273645 newuser qian
edcrfv booger1 852258 lockout timoxa94 mazda323 firedog sokolova skydiver jesus777 1234567890z soulfly canary
malinka guillerm hookers dogfart surfer1 osprey india123 rhjkbr stoppedby nokia5530 123456789o blue1 werter
divers 3000 123456f alpina cali whoknows godspeed 986532 foreskin fuzzy1 heyyou didier slapnuts fresno
rosebud1 sandman1 bears1 blade1 honeybun queen1 baronn pakista philipp 9111961 topsecret sniper1 214365
slipper letsfuck pippen33 godawgs mousey qw123456 scrotum loveis lighthou bp2002 nancy123 jeffrey1 susieq
buddy2 ralphie trout1 willi antonov sluttey rehbwf marty1 darian losangeles letme1n 12345d pusssy godiva ender
golfnut leonidas a1b2c3d4e5 puffer general1 wizzard lehjxrf racer1 bigbucks cool12 buddys zinger esprit
vbienrf josep tickling froggie 987654321a 895623 daddys crumbs gucci mikkel opiate tracy1 christophe came11
777555 petrovich humbug dirtydog allstate horatio wachtwoord creepers squirts rotary bigd georgia1 fujifilm
2sweet dasha yorkie slimjim wiccan kenzie system1 skunk b12345 getit pommes daredevil sugars bucker piston
lionheart 1bitch 515051 catfight recon icecold fantom vodafone kontakt boris1 vfcnth canine 01011961 valleywa
faraon chickenwing101 qq123456 livewire livelife roosters jeepers ilya1234 coochie pavlik dewalt dfhdfhf
architec blackops 1qaz2wsx3edc4rfv rhfcjnf wsxedc teaser sebora 25252 rhino1 ankara swifty decimal redleg
shanno nermal candies smirnova dragon01 photo1 ranetki a1s2d3f4g5 axio wertzu maurizio 6uldv8 zxcvasdf punkass
flowe graywolf peddler 3rjs1la7qe mpegs seawolf ladyboy pianos piggies vixen alexus orpheus gdtrfb z123456
macgyver hugetits ralph1 flathead maurici mailru goofball nissan1 nikon stopit odin big1 smooch reboot famil
bullit anthony7 gerhard methos 124038 morena eagle2 jessica2 zebras getlost gfynthf 123581321 sarajevo indon
comets tatjana rfgbnjirf joystick batman12 123456c sabre beerme victory1 kitties 1475369 badboy1 booboo1
comcast slava squid saxophon lionhear qaywsx bustle nastena roadway loader hillside starlight 24681012 niggers
access99 bazooka molly123 blackice bandi cocacol nfhfrfy timur muschi horse1 quant4307s squerting oscars
mygirls flashman tangerin goofy1 p0o9i8 housewifes newness monkey69 escorpio password11 hippo warcraft3
qazxsw123 qpalzm ribbit ghbdtndctv bogota star123 258000 lincoln1 bigjim lacoste firestorm legenda indain
ludacris milamber 1009 evangeli letmesee a111111 hooters1 bigred1 shaker husky a4tech cnfkrth argyle rjhjdf
nataha 0o9i8u7y gibson1 sooners1 glendale archery hoochie stooge aaaaaa1 scorpions school1 vegas1 rapier
mike23 bassoon groupd2013 macaco baker1 labia freewill santiag silverado butch1 vflfufcrfh monica1 rugrat
cornhole aerosmit bionicle gfgfvfvf daniel12 virgo fmale favorite2 detroit1 pokey shredder baggies wednesda
cosmo1 mimosa sparhawk firehawk romario 911turbo funtimes fhntvrf nexus6 159753456 timothy1 bajingan terry1
frenchie raiden 1mustang babemagnet 74123698 nadejda truffles rapture douglas1 lamborghini motocross rjcvjc
748596 skeeter1 dante1 angel666 telecom carsten pietro bmw318 astro1 carpediem samir orang helium scirocco
fuzzball rushmore rebelz hotspur lacrimosa chevys10 madonna1 domenico yfnfirf jachin shelby1 bloke dawgs
dunhill atlanta1 service1 mikado devilman angelit reznor euphoria lesbain checkmat browndog phreak blaze1
crash1 farida mutter luckyme horsemen vgirl jediknig asdas cesare allnight rockey starlite truck1 passfan
close-up samue cazzo wrinkles homely eatme1 sexpot snapshot dima1995 asthma thetruth ducky blender priyanka
gaucho dutchman sizzle kakarot 651550 passcode justinbieber 666333 elodie sanjay 110442 alex01 lotus1 2300mj
lakshmi zoomer quake3 12349876 teapot 12345687 ramada pennywis striper pilot1 chingon optima nudity ethan1
euclid beeline loyola biguns zaq12345 bravo1 disney1 buffa assmunch vivid 6661313 wellingt aqwzsx madala11
9874123 sigmar pictere tiptop bettyboop dinero tahiti gregory1 bionic speed1 fubar1 lexus1 denis1 hawthorn
saxman suntzu bernhard dominika camaro1 hunter12 balboa bmw2002 seville diablo1 vfhbyjxrf 1234abc carling
lockerroom punani darth baron1 vaness 1password libido picher 232425 karamba futyn007 daydream 11001001
dragon123 friends1 bopper rocky123 chooch asslover shimmer riddler openme tugboat sexy123 midori gulnara
christo swatch laker offroad puddles hackers mannheim manager1 horseman roman1 dancer1 komputer pictuers
nokia5130 ejaculation lioness 123456y evilone nastenka pushok javie lilman 3141592 mjolnir toulouse pussy2
bigworm smoke420 fullback extensa dreamcast belize delboy willie1 casablanca csyjxtr ricky1 bonghit salvator
basher pussylover rosie1 963258741 vivitron cobra427 meonly armageddon myfriend zardoz qwedsazxc kraken fzappa
starfox 333999 illmatic capoeira weenie ramzes freedom2 toasty pupkin shinigami fhvfutljy nocturne churchil
thumbnils tailgate neworder sexymama goarmy cerebus michelle1 vbifyz surfsup earthlin dabulls basketbal
aligator mojojojo saibaba welcome2 wifes wdtnjr 12345w slasher papabear terran footman hocke 153759 texans
tom123 sfgiants billabong aassdd monolith xxx777 l3tm31n ticktock newone hellno japanees contortionist
admin123 scout1 alabama1 divx1 rochard privat radar1 bigdad fhctybq tortuga citrus avanti fantasy1 woodstock
s12345 fireman1 embalmer woodwork bonzai konyor newstart jigga panorama goats smithy rugrats hotmama daedalus
nonstop fruitbat lisenok quaker violator 12345123 my3sons cajun fraggle gayboy oldfart vulva knickerless
orgasms undertow binky litle kfcnjxrf masturbation bunnie alexis1 planner transexual sparty leeloo monies
fozzie stinger1 landrove anakonda scoobie yamaha1 henti star12 rfhlbyfk beyonce catfood cjytxrf zealots strat
fordtruc archangel silvi sativa boogers miles1 bigjoe tulip petite greentea shitter jonboy voltron morticia
evanescence 3edc4rfv longshot windows1 serge aabbcc starbucks sinful drywall prelude1 www123 camel1 homebrew
marlins 123412 letmeinn domini swampy plokij fordf350 webcam michele1 bolivi 27731828 wingzero qawsedrftg
shinji sverige jasper1 piper1 cummer iiyama gocats amour alfarome jumanji mike69 fantasti 1monkey w00t88
shawn1 lorien 1a2s3d4f5g koleso murph natascha sunkist kennwort emine grinder m12345 q1q2q3q4 cheeba money2
qazwsxedc1 diamante prosto pdiddy stinky1 gabby1 luckys franci pornographic moochie gfhjdjp samdog empire1
comicbookdb emili motdepasse iphone braveheart reeses nebula sanjose bubba2 kickflip arcangel superbow
porsche911 xyzzy nigger1 dagobert devil1 alatam monkey2 barbara1 12345v vfpfafrf alessio babemagn aceman
arrakis kavkaz 987789 jasons berserk sublime1 rogue1 myspace buckwhea csyekz pussy4me vette1 boots1 boingo
arnaud budlite redstorm paramore becky1 imtheman chango marley1 milkyway 666555 giveme mahalo lux2000 lucian
paddy praxis shimano bigpenis creeper newproject2004 rammstei j3qq4h7h2v hfljcnm lambchop anthony2 bugman
gfhjkm12 dreamer1 stooges cybersex diamant cowboyup maximus1 sentra 615243 goethe manhatta fastcar selmer
1213141516 yfnfitymrf denni chewey yankee1 elektra 123456789p trousers fishface topspin orwell vorona sodapop
motherfu ibilltes forall kookie ronald1 balrog maximilian mypasswo sonny1 zzxxcc tkfkdg magoo mdogg heeled
gitara lesbos marajade tippy morozova enter123 lesbean pounded asd456 fialka scarab sharpie spanky1 gstring
sachin 12345asd princeto hellohel ursitesux billows 1234kekc kombat cashew duracell kseniya sevenof9 kostik
arthur1 corvet07 rdfhnbhf songoku tiberian needforspeed 1qwert dropkick kevin123 panache libra a123456a kjiflm
vfhnsirf cntgfy iamcool narut buffer sk8ordie urlaub fireblade blanked marishka gemini1 altec gorillaz chief1
revival47 ironman1 space1 ramstein doorknob devilmaycry nemesis1 sosiska pennstat monday1 pioner shevchenko
detectiv evildead blessed1 aggie coffees tical scotts bullwink marsel krypto adrock rjitxrf asmodeus rapunzel
theboys hotdogs deepthro maxpayne veronic fyyeirf otter cheste abbey1 thanos bedrock bartok google1 xxxzzz
rodent montecarlo hernande mikayla 123456789l bravehea 12locked ltymub pegasus1 ameteur saltydog faisal
milfnew momsuck everques ytngfhjkz m0nkey businessbabe cooki custard 123456ab lbvjxrf outlaws 753357 qwerty78
udacha insider chees fuckmehard shotokan katya seahorse vtldtlm turtle1 mike12 beebop heathe everton1 darknes
barnie rbcekz alisher toohot theduke 555222 reddog1 breezy bulldawg monkeyman baylee losangel mastermi apollo1
aurelie zxcvb12345 cayenne bastet wsxzaq geibcnbr yello fucmy69 redwall ladybird bitchs cccccc1 rktjgfnhf
ghjdthrf quest1 oedipus linus impalass fartman 12345k fokker 159753a optiplex bbbbbb1 realtor slipkno santacru
rowdy jelena smeller 3984240 ddddd1 sexyme janet1 3698741 eatme69 cazzone today1 poobear ignatius master123
newpass1 heather2 snoopdogg blondinka pass12 honeydew fuckthat 890098890 lovem goldrush gecko biker1 llama
pendejo avalanche fremont snowman1 gandolf chowder 1a2b3c4d5e flyguy magadan 1fuck pingvin nokia5230 ab1234
lothar lasers bignuts renee1 royboy skynet 12340987 1122334 dragrace lovely1 22334455 booter 12345612 corvett
123456qq capital1 videoes funtik wyvern flange sammydog hulkster 13245768 not4you vorlon omegared l58jkdjp!
filippo 123mudar samadams petrus chris12 charlie123 123456789123 icetea sunderla adrian1 123qweas kazanova
aslan monkey123 fktyeirf goodsex 123ab lbtest banaan bluenose 837519 asd12345 waffenss whateve 1a2a3a4a
trailers vfhbirf bhbcrf klaatu turk182 monsoon beachbum sunbeam succes clyde1 viking1 rawhide bubblegum princ
mackenzi hershey1 222555 dima55 niggaz manatee aquila anechka pamel bugsbunn lovel sestra newport1 althor
hornyman wakeup zzz111 phishy cerber torrent thething solnishko babel buckeye1 peanu ethernet uncencored
baraka 665544 chris2 rb26dett willy1 choppers texaco biggirl 123456b anna2614 sukebe caralho callofduty
rt6ytere jesus7 angel12 1money timelord allblack pavlova romanov tequiero yitbos lookup bulls23 snowflake
dickweed barks lever irisha firestar fred1234 ghjnjnbg danman gatito betty1 milhouse kbctyjr masterbaiting
delsol papit doggys 123698741 bdfyjdf invictus bloods kayla1 yourmama apple2 angelok bigboy1 pontiac1 verygood
yeshua twins2 porn4me 141516 rasta69 james2 bosshog candys adventur stripe djkjlz dokken austin316 skins
hogwarts vbhevbh navigato desperado xxx666 cneltyn vasiliy hazmat daytek eightbal fred1 four20 74227422 fabia
aerosmith manue wingchun boohoo hombre sanity72 goatboy fuckm partizan avrora utahjazz submarin pussyeat
heinlein control1 costaric smarty chuan triplets snowy snafu teacher1 vangogh vandal evergree cochise qwerty99
pyramid1 saab900 sniffer qaz741 lebron23 mark123 wolvie blackbelt yoshi feeder janeway nutella fuking asscock
deepak poppie bigshow housewife grils tonto cynthia1 temptress irakli belle1 russell1 manders frank123 seabass
gforce songbird zippy1 naught brenda1 chewy1 hotshit topaz 43046721 girfriend marinka jakester thatsme planeta
falstaff patrizia reborn riptide cherry1 shuan nogard chino oasis1 qwaszx12 goodlife davis1 1911a1 harrys
shitfuck 12345678900 russian7 007700 bulls1 porshe danil dolphi river1 sabaka gobigred deborah1 volkswagen
miamo alkaline muffdive 1letmein fkbyrf goodguy hallo1 nirvan ozzie cannonda cvbhyjdf marmite germany1 joeblow
radio1 love11 raindrop 159852 jacko newday fathead elvis123 caspe citibank sports1 deuce boxter fakepass
golfman snowdog birthday4 nonmembe niklas parsifal krasota theshit 1235813 maganda nikita1 omicron cassie1
columbo buick sigma1 thistle bassin rickster apteka sienna skulls miamor coolgirl gravis 1qazxc virgini
hunter2 akasha batma motorcyc bambino tenerife fordf250 zhuan iloveporn markiza hotbabes becool fynjybyf
wapapapa forme mamont pizda dragonz sharon1 scrooge mrbill pfloyd leeroy natedog ishmael 777111 tecumseh
carajo nfy.irf 0000000000o blackcock fedorov antigone feanor novikova bobert peregrin spartan117 pumkin rayman
manuals tooltime 555333 bonethug marina1 bonnie1 tonyhawk laracroft mahalkita 18273645 terriers gamer hoser
littlema molotok glennwei lemon1 caboose tater 12345654321 brians fritz1 mistral jigsaw fuckshit hornyguy
southside edthom antonio1 bobmarle pitures ilikesex crafty nexus boarder fulcrum astonvil yanks1 yngwie
account1 zooropa hotlegs sammi gumbo rover1 perkele maurolarastefy lampard 357753 barracud dmband abcxyz
pathfinder 335577 yuliya micky jayman asdfg12345 1596321 halcyon rerfhtre feniks zaxscd gotyoass jaycee
samson1 jamesb vibrate grandpri camino colossus davidb mamo4ka nicky1 homer123 pinguin watermelon shadow01
lasttime glider 823762 helen1 pyramids tulane osama rostov john12 scoote bhbyrf gohan galeries joyful bigpussy
tonka mowgli astalavista zzz123 leafs dalejr8 unicorn1 777000 primal bigmama okmijn killzone qaz12345 snookie
zxcvvcxz davidc epson rockman ceaser beanbag katten 3151020 duckhunt segreto matros ragnar 699669 sexsexse
123123z fuckyeah bigbutts gbcmrf element1 marketin saratov elbereth blaster1 yamahar6 grime masha juneau
1230123 pappy lindsay1 mooner seattle1 katzen lucent polly1 lagwagon pixie misiaczek 666666a smokedog lakers24
eyeball ironhors ametuer volkodav vepsrf kimmy gumby1 poi098 ovation 1q2w3 drinker penetrating summertime
1dallas prima modles takamine hardwork macintosh tahoe passthie chiks sundown flowers1 boromir music123
phaedrus albert1 joung malakas gulliver parker1 balder sonne jessie1 domainlock2005 express1 vfkbyf youandme
raketa koala dhjnvytyjub nhfrnjh testibil ybrbnjc 987654321q axeman pintail pokemon123 dogggg shandy thesaint
11122233 x72jhhu3z theclash raptors zappa1 djdjxrf hell666 friday1 vivaldi pluto1 lance1 guesswho jeadmi
corgan skillz skippy1 mango1 gymnastic satori 362514 theedge cxfcnkbdfz sparkey deicide bagels lololol
lemmings r4e3w2q1 silve staind schnuffi dazzle basebal1 leroy1 bilbo1 luckie qwerty2 goodfell hermione
peaceout davidoff yesterda killah flippy chrisb zelda1 headless muttley fuckof tittys catdaddy photog beeker
reaver ram1500 yorktown bolero tryagain arman chicco learjet alexei jenna1 go2hell 12s3t4p55 momsanaladventure
mustang9 protoss rooter ginola dingo1 mojave erica1 1qazse4 marvin1 redwolf sunbird dangerou maciek girsl
hawks1 packard1 excellen dashka soleda toonces acetate nacked jbond007 alligator debbie1 wellhung monkeyma
supers rigger larsson vaseline rjnzhf maripos 123456asd cbr600rr doggydog cronic jason123 trekker flipmode
druid sonyvaio dodges mayfair mystuff fun4me samanta sofiya magics 1ranger arcane sixtynin 222444 omerta
luscious gbyudby bobcats envision chance1 seaweed holdem tomate mensch slicer acura1 goochi qweewq punter
repoman tomboy never1 cortina gomets 147896321 369852147 dogma bhjxrf loglatin eragon strato gazelle growler
885522 klaudia payton34 fuckem butchie scorpi lugano 123456789k nichola chipper1 spide uhbujhbq rsalinas
vfylfhby longhorns bugatti everquest !qaz2wsx blackass 999111 snakeman p455w0rd fanatic family1 pfqxbr 777vlad
mysecret marat phoenix2 october1 genghis panties1 cooker citron ace123 1234569 gramps blackcoc kodiak1 hickory
ivanhoe blackboy escher sincity beaks meandyou spaniel canon1 timmy1 lancaste polaroid edinburg fuckedup
hotman cueball golfclub gopack bookcase worldcup dkflbvbhjdbx twostep 17171717aa letsplay zolushka stella1
pfkegf kingtut 67camaro barracuda wiggles gjhjkm prancer patata kjifhf theman1 romanova sexyass copper1 dobber
sokolov pomidor algernon cadman amoremio william2 silly1 bobbys hercule hd764nw5d7e1vb1 defcon deutschland
robinhood alfalfa machoman lesbens pandora1 easypay tomservo nadezhda goonies saab9000 jordyn f15eagle dbrecz
12qwerty greatsex thrawn blunted baywatch doggystyle loloxx chevy2 january1 kodak bushel 78963214 ub6ib9
zz8807zpl briefs hawker 224488 first1 bonzo brent1 erasure 69213124 sidewind soccer13 622521 mentos kolibri
onepiece united1 ponyboy keksa12 wayer mypussy andrej mischa mille bruno123 garter bigpun talgat familia
jazzy1 mustang8 newjob 747400 bobber blackbel hatteras ginge asdfjkl; camelot1 blue44 rebbyt34 ebony1 vegas123
myboys aleksander ijrjkflrf lopata pilsner lotus123 m0nk3y andreev freiheit balls1 drjynfrnt mazda1 waterpolo
shibumi 852963 123bbb cezer121 blondie1 volkova rattler kleenex ben123 sanane happydog satellit qazplm
qazwsxedcrfvtgb meowmix badguy facefuck spice1 blondy major1 25000 anna123 654321a sober1 deathrow patterso
china1 naruto1 hawkeye1 waldo1 butchy crayon 5tgb6yhn klopik crocodil mothra imhorny pookie1 splatter slippy
lizard1 router buratino yahweh 123698 dragon11 123qwe456 peepers trucker1 ganjaman 1hxboqg2 cheyanne storys
sebastie zztop maddison 4rfv3edc darthvader jeffro iloveit victor1 hotty delphin lifeisgood gooseman shifty
insertions dude123 abrupt 123masha boogaloo chronos stamford pimpster kthjxrf getmein amidala flubber fettish
grapeape dantes oralsex jack1 foxcg33 winchest francis1 getin archon cliffy blueman 1basebal sport1 emmitt22
porn123 bignasty morga 123hfjdk147 ferrar juanito fabiol caseydog steveo peternorth paroll kimchi bootleg
gaijin secre acacia eatme2 amarillo monkey11 rfhfgep tylers a1a2a3a4a5 sweetass blower rodina babushka camilo
cimbom tiffan vfnbkmlf ohbaby gotigers lindsey1 dragon13 romulus qazxsw12 zxcvbn1 dropdead hitman47 snuggle
eleven11 bloopers 357mag avangard bmw320 ginscoot dshade masterkey voodoo1 rootedit caramba leahcim hannover
8phrowz622 tim123 cassius 000000a angelito zzzzz1 badkarma star1 malaga glenwood footlove golf1 summer12
helpme1 fastcars titan1 police1 polinka k.jdm marusya augusto shiraz pantyhose donald1 blaise arabella brigada
c3por2d2 peter01 marco1 hellow dillweed uzumymw geraldin loveyou2 toyota1 088011 gophers indy500 slainte
5hsu75kpot teejay renat racoon sabrin angie1 shiznit harpua sexyred latex tucker1 alexandru wahoo teamwork
deepblue goodison rundmc r2d2c3p0 puppys samba ayrton boobed 999777 topsecre blowme1 123321z loudog random1
pantie drevil mandolin 121212q hottub brother1 failsafe spade1 matvey open1234 carmen1 priscill schatzi kajak
gooddog trojans1 gordon1 kayak calamity argent ufhvjybz seviyi penfold assface dildos hawkwind crowbar yanks
ruffles rastus luv2epus open123 aquafina dawns jared1 teufel 12345c vwgolf pepsi123 amores passwerd 01478520
boliva smutty headshot password3 davidd zydfhm gbgbcmrf pornpass insertion ceckbr test2 car123 checkit dbnfkbq
niggas nyyankee muskrat nbuhtyjr gunner1 ocean1 fabienne chrissy1 wendys loveme89 batgirl cerveza igorek
steel1 ragman boris123 novifarm sexy12 qwerty777 mike01 giveitup 123456abc fuckall crevice hackerz gspot
eight8 assassins texass swallows 123458 baldur moonshine labatt modem sydney1 voland dbnfkz hotchick jacker
princessa dawgs1 holiday1 booper reliant miranda1 jamaica1 andre1 badnaamhere barnaby tiger7 david12 margaux
corsica 085tzzqi universi thewall nevermor martin6 qwerty77 cipher apples1 0102030405 seraphim black123 imzadi
gandon ducati99 1shadow dkflbvbhjdyf 44magnum bigbad feedme samantha1 ultraman redneck1 jackdog usmc0311
fresh1 monique1 tigre alphaman cool1 greyhoun indycar crunchy 55chevy carefree willow1 063dyjuy xrated
assclown federica hilfiger trivia bronco1 mamita 100200300 simcity lexingky akatsuki retsam johndeere abudfv
raster elgato businka satanas mattingl redwing1 shamil patate mannn moonstar evil666 b123456 bowl300 tanechka
34523452 carthage babygir santino bondarenko jesuss chico1 numlock shyguy sound1 kirby1 needit mostwanted
427900 funky1 steve123 passions anduril kermit1 prospero lusty barakuda dream1 broodwar porky christy1 mahal
yyyyyy1 allan1 1sexy flintsto capri cumeater heretic robert2 hippos blindax marykay collecti kasumi 1qaz!qaz
112233q 123258 chemistr coolboy 0o9i8u kabuki righton tigress nessie sergej andrew12 yfafyz ytrhjvfyn angel7
victo mobbdeep lemming transfor 1725782 myhouse aeynbr muskie leno4ka westham1 cvbhyjd daffodil pussylicker
pamela1 stuffer warehous tinker1 2w3e4r pluton louise1 polarbea 253634 prime1 anatoliy januar wysiwyg cobraya
ralphy whaler xterra cableguy 112233a porn69 jamesd aqualung jimmy123 lumpy luckyman kingsize golfing1 alpha7
leeds1 marigold lol1234 teabag alex11 10sne1 saopaulo shanny roland1 basser 3216732167 carol1 year2005 morozov
saturn1 joseluis bushed redrock memnoch lalaland indiana1 lovegod gulnaz buffalos loveyou1 anteater pattaya
jaydee redshift bartek summerti coffee1 ricochet incest schastie rakkaus h2opolo suikoden perro dance1 loveme1
whoopass vladvlad boober flyers1 alessia gfcgjhn pipers papaya gunsling coolone blackie1 gonads gfhjkzytn
foxhound qwert12 gangrel ghjvtntq bluedevi mywife summer01 hangman licorice patter vfr750 thorsten 515253
ninguna dakine strange1 mexic vergeten 12345432 8phrowz624 stampede floyd1 sailfish raziel ananda giacomo
freeme crfprf 74185296 allstars master01 solrac gfnhbjn bayliner bmw525 3465xxx catter single1 michael3
pentium4 nitrox mapet123456 halibut killroy xxxxx1 phillip1 poopsie arsenalfc buffys kosova all4me 32165498
arslan opensesame brutis charles2 pochta nadegda backspac mustang0 invis gogeta 654321q adam25 niceday truckin
gfdkbr biceps sceptre bigdave lauras user345 sandys shabba ratdog cristiano natha march13 gumball getsdown
wasdwasd redhead1 dddddd1 longlegs 13572468 starsky ducksoup bunnys omsairam whoami fred123 danmark flapper
swanky lakings yfhenj asterios rainier searcher dapper ltdjxrf horsey seahawk shroom tkfkdgo aquaman tashkent
number9 messi10 1asshole milenium illumina vegita jodeci buster01 bareback goldfinger fire1 33rjhjds sabian
thinkpad smooth1 sully bonghits sushi1 magnavox colombi voiture limpone oldone aruba rooster1 zhenya nomar5
touchdow limpbizkit rhfcfdxbr baphomet afrodita bball1 madiso ladles lovefeet matthew2 theworld thunderbird
dolly1 123rrr forklift alfons berkut speedy1 saphire oilman creatine pussylov bastard1 456258 wicked1 filimon
skyline1 fucing yfnfkbz hot123 abdulla nippon nolimits billiard booty1 buttplug westlife coolbean aloha1 lopas
asasin 1212121 october2 whodat good4u d12345 kostas ilya1992 regal pioneer1 volodya focus1 bastos nbvjif fenix
anita1 vadimka nickle jesusc 123321456 teste christ1 essendon evgenii celticfc adam1 forumwp lovesme 26exkp
chillout burly thelast1 marcus1 metalgear test11 ronaldo7 socrate world1 franki mommie vicecity postov1000
charlie3 oldschool 333221 legoland antoshka counterstrike buggy mustang3 123454 qwertzui toons chesty bigtoe
tigger12 limpopo rerehepf diddle nokia3250 solidsnake conan1 rockroll 963369 titanic1 qwezxc cloggy prashant
katharin maxfli takashi cumonme michael9 mymother pennstate khalid 48151623 fightclub showboat mateusz elrond
teenie arrow1 mammamia dustydog dominator erasmus zxcvb1 1a2a3a bones1 dennis1 galaxie pleaseme whatever1
junkyard galadriel charlies 2wsxzaq1 crimson1 behemoth teres master11 fairway shady1 pass99 1batman joshua12
baraban apelsin mousepad melon twodogs 123321qwe metalica ryjgrf pipiska rerfhfxf lugnut cretin iloveu2
powerade aaaaaaa1 omanko kovalenko isabe chobits 151nxjmt shadow11 zcxfcnkbdf gy3yt2rgls vfhbyrf 159753123
bladerunner goodone wonton doodie 333666999 fuckyou123 kitty123 chisox orlando1 skateboa red12345 destroye
snoogans satan1 juancarlo goheels jetson scottt fuckup aleksa gfhfljrc passfind oscar123 derrick1 hateme
viper123 pieman audi100 tuffy andover shooter1 10000 makarov grant1 nighthaw 13576479 browneye batigol nfvfhf
chocolate1 7hrdnw23 petter bantam morlii jediknight brenden argonaut goodstuf wisconsi 315920 abigail1 dirtbag
splurge k123456 lucky777 valdepen gsxr600 322223 ghjnjrjk zaq1xsw2cde3 schwanz walter1 letmein22 nomads 124356
codeblue nokian70 fucke footbal1 agyvorc aztecs passw0r smuggles femmes ballgag krasnodar tamuna schule
sixtynine empires erfolg dvader ladygaga elite1 venezuel nitrous kochamcie olivia1 trustn01 arioch sting1
131415 tristar 555000 maroon 135799 marsik 555556 fomoco natalka cwoui tartan davecole nosferat hotsauce
dmitry horus dimasik skazka boss302 bluebear vesper ultras tarantul asd123asd azteca theflash 8ball 1footbal
titlover lucas123 number6 sampson1 789852 party1 dragon99 adonai carwash metropol psychnau vthctltc hounds
firework blink18 145632 wildcat1 satchel rice80 ghtktcnm sailor1 cubano anderso rocks1 mike11 famili dfghjc
besiktas roygbiv nikko bethan minotaur rakesh orange12 hfleuf jackel myangel favorite7 1478520 asssss
agnieszka haley1 raisin htubyf 1buster cfiekz derevo 1a2a3a4a5a baltika raffles scruffy1 clitlick louis1
buddha1 fy.nrf walker1 makoto shadow2 redbeard vfvfvskfhfve mycock sandydog lineman network1 favorite8
longdick mustangg mavericks indica 1killer cisco1 angelofwar blue69 brianna1 bubbaa slayer666 level42 baldrick
brutus1 lowdown haribo lovesexy 500000 thissuck picker stephy 1fuckme characte telecast 1bigdog repytwjdf
thematrix hammerhe chucha ganesha gunsmoke georgi sheltie 1harley knulla sallas westie dragon7 conker crappie
margosha lisboa 3e2w1q shrike grifter ghjcnjghjcnj asdfg1 mnbvcxz1 myszka posture boggie rocketman flhtyfkby
twiztid vostok pi314159 force1 televizor gtkmvtym samhain imcool jadzia dreamers strannik k2trix steelhea
nikitin commodor brian123 chocobo whopper ibilljpf megafon ararat thomas12 ghbrjkbcn q1234567890 hibernia
kings1 jim123 redfive 68camaro iawgk2 xavier1 1234567u d123456 ndirish airborn halfmoon fluffy1 ranchero
sneaker soccer2 passion1 cowman birthday1 johnn razzle glock17 wsxqaz nubian lucky2 jelly1 henderso eric1
123123e boscoe01 fuck0ff simpson1 sassie rjyjgkz nascar3 watashi loredana janus wilso conman david2 mothe
iloveher snikers davidj fkmnthyfnbdf mettss ratfink 123456h lostsoul sweet16 brabus wobble petra1 fuckfest
otters sable1 svetka spartacu bigstick milashka 1lover pasport champagn papichul hrvatska hondacivic kevins
tacit moneybag gohogs rasta1 246813579 ytyfdbcnm gubber darkmoon vitaliy 233223 playboys tristan1 joyce1
oriflame mugwump access2 autocad thematri qweqwe123 lolwut ibill01 multisyn 1233211 pelikan rob123 chacal
1234432 griffon pooch dagestan geisha satriani anjali rocketma gixxer pendrago vincen hellokit killyou ruger
doodah bumblebe badlands galactic emachines foghorn jackso jerem avgust frontera 123369 daisymae hornyboy
welcome123 tigger01 diabl angel13 interex iwantsex rockydog kukolka sawdust online1 3234412 bigpapa jewboy
3263827 dave123 riches 333222 tony1 toggle farter 124816 tities balle brasilia southsid micke ghbdtn12 patit
ctdfcnjgjkm olds442 zzzzzz1 nelso gremlins gypsy1 carter1 slut69 farcry 7415963 michael8 birdie1 charl
123456789abc 100001 aztec sinjin bigpimpi closeup atlas1 nvidia doggone classic1 manana malcolm1 rfkbyf
hotbabe rajesh dimebag ganjubas rodion jagr68 seren syrinx funnyman karapuz 123456789n bloomin admin18533362
biggdogg ocarina poopy1 hellome internet1 booties blowjobs matt1 donkey1 swede 1jennife evgeniya lfhbyf coach1
444777 green12 patryk pinewood justin12 271828 89600506779 notredame tuborg lemond sk8ter million1 wowser
pablo1 st0n3 jeeves funhouse hiroshi gobucs angeleye bereza winter12 catalin qazedc andros ramazan vampyre
sweethea imperium murat jamest flossy sandeep morgen salamandra bigdogg stroller njdevils nutsack vittorio
%%passwo playful rjyatnrf tookie ubnfhf michi 777444 shadow13 devils1 radiance toshiba1 beluga amormi dandfa
trust1 killemall smallville polgara billyb landscap steves exploite zamboni damage11 dzxtckfd trader12 pokey1
kobe08 damager egorov dragon88 ckfdbr lisa69 blade2 audis4 nelson1 nibbles 23176djivanfros mutabor artofwar
matvei metal666 hrfzlz schwinn poohbea seven77 thinker 123456789qwerty sobriety jakers karamelka vbkfyf
volodin iddqd dale03 roberto1 lizaveta qqqqqq1
"""

COMMON_PASSWORDS = frozenset(_LISTED.split())
