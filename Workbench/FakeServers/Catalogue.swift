// The photos the fake Unsplash serves: believable data, with the nulls real replies carry.
import Foundation

struct CataloguePhoto: Sendable {
    let id: String
    let createdAt: String
    let width: Int
    let height: Int
    let color: String?
    let blurHash: String?
    let description: String?
    let altDescription: String?
    let likes: Int
    let imageName: String
    let user: (id: String, username: String, name: String)

    /// Words a search matches, as Unsplash matches them: case-insensitively, in any of these fields.
    /// (`Catalogue.searchable` has it made once for every photo.)
    var searchableText: String {
        [description, altDescription, user.name, user.username].compactMap { $0 }.joined(separator: " ").lowercased()
    }

    /// The photo as Unsplash's JSON has it, with fields the workbook's models ignore.
    var json: [String: Any] {
        let raw = "https://images.unsplash.com/\(imageName)?ixid=M3w1OTEyNTl8MHwxfGFsbHx8fHx8fHx8fA&ixlib=rb-4.0.3"
        return [
            "id": id,
            "slug": id.lowercased(),
            "created_at": createdAt,
            "updated_at": createdAt,
            "promoted_at": NSNull(),
            "width": width,
            "height": height,
            "color": color ?? NSNull(),
            "blur_hash": blurHash ?? NSNull(),
            "description": description ?? NSNull(),
            "alt_description": altDescription ?? NSNull(),
            "likes": likes,
            "liked_by_user": false,
            "current_user_collections": [Any](),
            "sponsorship": NSNull(),
            "urls": [
                "raw": raw,
                "full": raw + "&q=85&fm=jpg&crop=entropy&cs=srgb",
                "regular": raw + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max",
                "small": raw + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=400&fit=max",
                "thumb": raw + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=200&fit=max",
            ],
            "links": [
                "self": "https://api.unsplash.com/photos/\(id)",
                "html": "https://unsplash.com/photos/\(id)",
                "download": "https://unsplash.com/photos/\(id)/download",
                "download_location": "https://api.unsplash.com/photos/\(id)/download",
            ],
            "user": [
                "id": user.id,
                "username": user.username,
                "name": user.name,
                "bio": NSNull(),
                "location": NSNull(),
                "portfolio_url": NSNull(),
                "total_likes": likes / 3,
                "links": ["html": "https://unsplash.com/@\(user.username)"],
            ],
        ]
    }
}

enum Catalogue {
    static let photos: [CataloguePhoto] = [
        .init(
            id: "Dwu85P9SOIk", createdAt: "2016-05-03T11:00:28-04:00", width: 2448, height: 3264, color: "#6E633A",
            blurHash: "LFC$yHwc8^$yIAS$%M%00KxukYIp", description: "A man drinking a coffee.",
            altDescription: "man holding a white ceramic mug", likes: 286,
            imageName: "photo-1462212210333-335063b676bc", user: ("QPxL2MGqfrw", "exampleuser", "Joe Example")),
        .init(
            id: "LBI7cgq3pbM", createdAt: "2016-01-17T20:42:05-05:00", width: 5245, height: 3497, color: "#8C7359",
            blurHash: "LQKnJT~q%MWB?bWBt7WB_3M{IUt7", description: nil,
            altDescription: "woman sitting on a wooden dock by a lake", likes: 1412,
            imageName: "photo-1453090927415-5f45085b65c0", user: ("_2nQcPrbyuE", "gilleslambert", "Gilles Lambert")),
        .init(
            id: "yC-Yzbqy7PY", createdAt: "2017-02-14T08:12:40-05:00", width: 4000, height: 6000, color: "#0C2640",
            blurHash: "L03R^Y%M00IU?bIUxuWB00of~qt7", description: "Night falls over the harbour",
            altDescription: "city lights reflected in calm water at night", likes: 903,
            imageName: "photo-1487058792275-0ad4aaf24ca7", user: ("4H6Ve4rGgNY", "wesleytingey", "Wesley Tingey")),
        .init(
            id: "8manzosDSGM", createdAt: "2018-06-02T14:30:11-04:00", width: 3024, height: 4032, color: "#D9D9D9",
            blurHash: nil, description: nil, altDescription: nil, likes: 12,
            imageName: "photo-1527980965255-d3b416303d12", user: ("mTqA3rQ0Zf0", "lenaorwig", "Lena Orwig")),
        .init(
            id: "3Z70SDuYs5g", createdAt: "2019-03-21T03:14:55-04:00", width: 6000, height: 4000, color: "#26260C",
            blurHash: "LAA^U;9F00~q9Fxu-;IU00-;%Mj[", description: "Tabby cat asleep on a windowsill",
            altDescription: "orange tabby cat lying near a window", likes: 2208,
            imageName: "photo-1514888286974-6c03e2ca1dba", user: ("Hk4Lq9FZkBo", "mikhailvasilyev", "Mikhail Vasilyev")),
        .init(
            id: "NodtnCsLdTE", createdAt: "2019-07-09T11:48:02-04:00", width: 4608, height: 3072, color: "#F3D9C0",
            blurHash: "LwL}Kxof~qoLWBj[ofayt7ayWBay", description: "Two dogs running on the beach",
            altDescription: "two brown dogs running on seashore", likes: 734,
            imageName: "photo-1530281700549-e82e7bf110d6", user: ("1q4LXn0y6i8", "alvannee", "Alvan Nee")),
        .init(
            id: "IicyiaPYGGI", createdAt: "2020-01-05T06:20:33-05:00", width: 5472, height: 3648, color: "#73A6C0",
            blurHash: "LmHxKBt7RPof~qayRjWBD%aeofWB", description: "Mountain lake at dawn",
            altDescription: "lake surrounded by mountains under blue sky", likes: 5120,
            imageName: "photo-1506744038136-46273834b3fb", user: ("pVJLqUK0Dh4", "bailey_zindel", "Bailey Zindel")),
        .init(
            id: "Rk3OQZ1Y5Jw", createdAt: "2020-04-18T09:05:47-04:00", width: 3648, height: 5472, color: "#C0C0A6",
            blurHash: "LIHx{vof00Rj~qofIUWB9Fj[%Mj[", description: "Coffee & croissant, Sunday morning",
            altDescription: "cup of coffee beside a croissant on a plate", likes: 431,
            imageName: "photo-1509042239860-f550ce710b93", user: ("QPxL2MGqfrw", "exampleuser", "Joe Example")),
        .init(
            id: "a4S6KUuLeoM", createdAt: "2020-09-30T22:11:09-04:00", width: 4000, height: 2667, color: "#0C0C0C",
            blurHash: "L02r*KofD%t7~qj[M{ay-;ayRjay", description: nil,
            altDescription: "silhouette of a person under the milky way", likes: 3377,
            imageName: "photo-1419242902214-272b3f66ee7a", user: ("n9q3r3_fJ5E", "grakozy", "Greg Rakozy")),
        .init(
            id: "2hs9d5fdQQU", createdAt: "2021-02-11T12:00:00-05:00", width: 5184, height: 3456, color: "#402626",
            blurHash: nil, description: "서울의 밤거리", altDescription: "neon signs on a narrow street in Seoul at night",
            likes: 689, imageName: "photo-1538485399081-7191377e8241", user: ("Yx5kO8w3lZI", "minkyu", "Kim Min-kyu")),
        .init(
            id: "vT0yq8aT3uY", createdAt: "2021-05-23T15:42:18-04:00", width: 6016, height: 4016, color: "#0C5973",
            blurHash: "L8B|j6t700M{~qRjIUt700Rj?bt7", description: "제주도 바다",
            altDescription: "turquoise sea and black volcanic rocks on Jeju island", likes: 1045,
            imageName: "photo-1546874177-9e664107314e", user: ("c1Lg9S0Q2zM", "jeonghyeon", "Park Jeong-hyeon")),
        .init(
            id: "pHANr-CpbYM", createdAt: "2021-08-01T07:07:07-04:00", width: 3000, height: 2000, color: "#A6A68C",
            blurHash: "LKO2?U%2Tw=w]~RBVZRi};RPxuwH", description: "Desk setup with a laptop and a plant",
            altDescription: "macbook beside a green plant on a white desk", likes: 158,
            imageName: "photo-1497215842964-222b430dc094", user: ("Oi0NQ3Tr8_0", "kaboompics", "Karolina Grabowska")),
        .init(
            id: "eOpewngf68w", createdAt: "2021-11-14T19:26:40-05:00", width: 2400, height: 3600, color: "#D9A68C",
            blurHash: "LMF~5Fxu00of~qRjRjt79FWB%Mof", description: nil,
            altDescription: "woman reading a book in a cafe", likes: 87, imageName: "photo-1481627834876-b7833e8f5570",
            user: ("Tz1L0wL5qg8", "thoughtcatalog", "Thought Catalog")),
        .init(
            id: "sFydXGrt5OA", createdAt: "2022-01-30T10:10:10-05:00", width: 5760, height: 3840, color: nil,
            blurHash: nil, description: "Rainy window", altDescription: nil, likes: 0,
            imageName: "photo-1428592953211-077101b2021b", user: ("b8Zz2hQn4sY", "noahsilliman", "Noah Silliman")),
        .init(
            id: "0SR4ldD6kZk", createdAt: "2022-04-12T16:55:29-04:00", width: 4256, height: 2832, color: "#F3F3F3",
            blurHash: "LOKBRFWB_4ay~qj[Rjj[%Mj[ofj[", description: "Snow on pine trees",
            altDescription: "snow covered pine trees during daytime", likes: 1997,
            imageName: "photo-1418985991508-e47386d96a71", user: ("Kp7bG0p2wWw", "simonberger", "Simon Berger")),
        .init(
            id: "JcaK6NSyZ9w", createdAt: "2022-07-04T21:03:51-04:00", width: 3840, height: 5760, color: "#260C0C",
            blurHash: "L24_?|%M00of~qt7IUWB00ay?bj[", description: "Fireworks over the river",
            altDescription: "fireworks display over a river at night", likes: 512,
            imageName: "photo-1498931299472-f7a63a5a1cfa", user: ("Zq9gL3wF5eU", "jrkorpa", "Jr Korpa")),
        .init(
            id: "f6Y5hD4Xk0c", createdAt: "2022-10-08T08:38:16-04:00", width: 4928, height: 3264, color: "#8CA673",
            blurHash: "LGF5?xYk^6#M@-5c,1J5@[or[Q6.", description: nil,
            altDescription: "green rice terraces on a hillside", likes: 2765,
            imageName: "photo-1500382017468-9049fed747ef",
            user: ("Wq8c8iS6qK0", "ricardogomezangel", "Ricardo Gomez Angel")),
        .init(
            id: "Qh9Y1g0N_c8", createdAt: "2023-01-19T13:47:02-05:00", width: 6240, height: 4160, color: "#A68C73",
            blurHash: "LIG*=KtR0Koe~qs:IUWB9Fj[-;ay", description: "Ramen, extra egg",
            altDescription: "bowl of ramen with a soft-boiled egg", likes: 640,
            imageName: "photo-1569718212165-3a8278d5f624", user: ("Jm3cK6b2n1E", "ameliemourichon", "Amelie Mourichon")),
        .init(
            id: "uE2T1tCFEn8", createdAt: "2023-03-02T05:29:44-05:00", width: 3264, height: 4896, color: "#0C2626",
            blurHash: "L03[$4of00Rj~qofM{WB00ay?bof", description: "Forest path after rain",
            altDescription: "path through a green forest", likes: 1180, imageName: "photo-1448375240586-882707db888b",
            user: ("Pc2rT9r1bUo", "lukasz_szmigiel", "Lukasz Szmigiel")),
        .init(
            id: "mG8TzD2bP5k", createdAt: "2023-06-15T18:18:18-04:00", width: 5000, height: 3333, color: "#F3D973",
            blurHash: "LwM%fPWB~qof%Mj[ayj[Rjj[ofay", description: "Sunflowers",
            altDescription: "field of sunflowers under a clear sky", likes: 3021,
            imageName: "photo-1470509037663-253afd7f0f51", user: ("X0pB8s2dKcQ", "kelly_sikkema", "Kelly Sikkema")),
        .init(
            id: "cT2k5v9-wQo", createdAt: "2023-09-09T09:09:09-04:00", width: 4032, height: 3024, color: "#595959",
            blurHash: nil, description: "Old camera on a wooden table",
            altDescription: "black film camera on brown wooden table", likes: 275,
            imageName: "photo-1452780212940-6f5c0d14d848", user: ("QPxL2MGqfrw", "exampleuser", "Joe Example")),
        .init(
            id: "tP4sL1nW8hA", createdAt: "2024-02-26T11:22:33-05:00", width: 6000, height: 4000, color: "#D9F3F3",
            blurHash: "LXIYtgxu~qofWBj[j[ay%Mj[Rjj[", description: nil, altDescription: "surfer riding a wave",
            likes: 1466, imageName: "photo-1502680390469-be75c86b636f",
            user: ("Vr5mH2k8sNq", "jeremybishop", "Jeremy Bishop")),
        .init(
            id: "wK7xR3jM0dE", createdAt: "2024-05-05T05:05:05-04:00", width: 2848, height: 4288, color: "#732626",
            blurHash: "LGB:yWof00WB~qayIUj[00ay?bay", description: "Red door, blue wall",
            altDescription: "red wooden door on a blue wall", likes: 96, imageName: "photo-1489171078254-c3365d6e359f",
            user: ("Hn4uF7q2aZc", "paulinaheibel", "Paulina Heibel")),
        .init(
            id: "zB1cY6uS3rF", createdAt: "2024-08-31T23:59:59-04:00", width: 3456, height: 5184, color: "#26400C",
            blurHash: "LBB:vKof00ay~qj[IUj[00ay?bj[", description: "Tea fields at Boseong, 보성 녹차밭",
            altDescription: "rows of green tea bushes on a hill", likes: 358,
            imageName: "photo-1563822249548-9a72b6353cd1", user: ("Lm2sQ8w5eRt", "seoyeon", "Lee Seo-yeon")),
    ]

    static func photo(id: String) -> CataloguePhoto? {
        photos.first { $0.id == id }
    }

    /// Each photo's JSON, made once: serialising is most of what answering a request costs.
    static let jsonByID: [String: Data] = Dictionary(
        uniqueKeysWithValues: photos.map { photo in
            (
                photo.id,
                (try? JSONSerialization.data(
                    withJSONObject: photo.json, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            )
        })

    /// Every photo with its searchable text and that text's length in characters, made once.
    static let searchable: [(photo: CataloguePhoto, text: String, length: Int)] = photos.map { photo in
        let text = photo.searchableText
        return (photo, text, text.count)
    }

    /// A JSON array of these photos, from the JSON made once.
    static func jsonArray(_ photos: some Sequence<CataloguePhoto>) -> Data {
        var array = Data("[".utf8)
        for (index, json) in photos.compactMap({ jsonByID[$0.id] }).enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(json)
        }
        array.append(UInt8(ascii: "]"))
        return array
    }
}
