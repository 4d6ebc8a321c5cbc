// The game the page opens with when no shared link is given: a real 10x10 international game, so
// a first-time visitor sees a full board and a long move list straight away. The variation at move
// 1 is an added example (a common alternative reply), so the page shows how variations look.

export const SAMPLE_PDN = `[Event "FMJD World Championship"]
[Site "Hardenberg, NED"]
[Date "2007.05.19"]
[Round "7"]
[White "Mikhalchenko,I."]
[Black "Ndjofang,J."]
[Result "0-2"]
[GameType "20"]
[WhiteTime "1:36"]
[BlackTime "1:17"]

 1.32-28 17-22 (1...19-23 2.28x19 14x23) 2.28x17 11x22 3.37-32 6-11 4.41-37 12-17 5.46-41 8-12
 6.34-30 2-8  7.30-25 19-23 8.35-30 1-6  9.40-35 13-19 10.31-27 22x31
11.36x27 9-13 12.33-28 4-9 13.41-36 17-22 14.28x17 11x31 15.37x26 23-28
16.32x23 19x28 17.42-37 20-24 18.30x19 14x23 19.37-31 16-21 20.26x17 12x21
21.31-27 21x32 22.38x27 6-11 23.47-42 15-20 24.25x14 10x19 25.39-33 28x39
26.44x33 8-12 27.42-38 23-28 28.33x22 12-17 29.49-44 17x28 30.38-33 28x39
31.44x33 18-22 32.27x18 13x22 33.43-38 19-23 34.38-32 11-17 35.32-27 22x31
36.36x27 9-13 37.45-40 13-18 *
`;
