#!/usr/bin/env python3
"""Writes a synthetic, fully categorized household ledger for the suggestion evaluation.

Usage: generate_household.py OUTDIR --seed N --country pt|ie|de|nl|es|fr [--years 3]

OUTDIR/rules.rules declares the own accounts (checking, savings, a Visa card);
OUTDIR/ledger.journal holds every transaction in Penny's format, each categorized
(`; rule: r-...`), category posting first and own account second. Deterministic for a
given seed and country.

Content, in the country's banking language: 20-40 recurring merchants across ~15
categories, each written with noisy variants (store numbers, towns, bank prefixes, card
masks, dates); weekly groceries; monthly rent, utilities (varying amounts), subscriptions,
bank fees and salary; transfers to savings and card repayments (category = the other own
account); merchant refunds (positive, the merchant's category); a yearly tax refund;
person-to-person payments filed sometimes as gifts and sometimes as restaurants; cash
withdrawals; and ~15% one-off merchants seen once.
"""
import argparse
import datetime as dt
import hashlib
import os
import random
import sys
from decimal import Decimal

CHECKING, SAVINGS, CARD = "assets:bank:checking", "assets:bank:savings", "liabilities:card:visa"

# Category -> (typical amount low, high) in EUR.
AMOUNTS = {
    "expenses:food:groceries": (18, 140),
    "expenses:food:restaurants": (12, 75),
    "expenses:food:coffee": (1.5, 9),
    "expenses:transport:fuel": (35, 85),
    "expenses:transport:public": (1.6, 45),
    "expenses:health:pharmacy": (4, 60),
    "expenses:shopping:clothing": (15, 120),
    "expenses:shopping:home": (8, 180),
    "expenses:shopping:electronics": (20, 400),
    "expenses:entertainment": (8, 60),
    "expenses:travel": (40, 450),
    "expenses:personal-care": (10, 45),
}

# Per country: merchants per category (the household picks a few of each), and texts.
COUNTRIES = {
    "pt": {
        "towns": ["LISBOA", "PORTO", "AMADORA", "ODIVELAS", "BRAGA", "COIMBRA", "OEIRAS", "ALMADA"],
        "merchants": {
            "expenses:food:groceries": ["PINGO DOCE", "CONTINENTE", "LIDL", "MINIPRECO", "INTERMARCHE", "AUCHAN"],
            "expenses:food:restaurants": ["RESTAURANTE O POLVO", "TASCA DO CHICO", "H3", "TELEPIZZA", "CERVEJARIA RAMIRO", "GLOVO"],
            "expenses:food:coffee": ["PASTELARIA VERSAILLES", "CAFE A BRASILEIRA", "PADARIA PORTUGUESA"],
            "expenses:transport:fuel": ["GALP", "REPSOL", "BP PORTUGAL", "PRIO"],
            "expenses:transport:public": ["METRO LISBOA", "CP COMBOIOS", "CARRIS", "UBER", "BOLT"],
            "expenses:health:pharmacy": ["FARMACIA CENTRAL", "FARMACIA ESTACAO", "WELLS"],
            "expenses:shopping:clothing": ["ZARA", "PRIMARK", "SPORT ZONE", "DECATHLON"],
            "expenses:shopping:home": ["IKEA", "LEROY MERLIN", "AKI", "FNAC"],
            "expenses:shopping:electronics": ["WORTEN", "RADIO POPULAR", "MEDIA MARKT"],
            "expenses:entertainment": ["CINEMAS NOS", "TICKETLINE", "BERTRAND LIVREIROS"],
            "expenses:travel": ["TAP AIR PORTUGAL", "RYANAIR", "BOOKING.COM"],
            "expenses:personal-care": ["CABELEIREIRO ANA", "BARBEARIA LISBOETA"],
        },
        "bills": {
            "expenses:utilities:electricity": ["EDP COMERCIAL", "ENDESA ENERGIA"],
            "expenses:utilities:water": ["EPAL", "SMAS"],
            "expenses:utilities:internet": ["MEO", "NOS COMUNICACOES", "VODAFONE PORTUGAL"],
            "expenses:insurance": ["FIDELIDADE SEGUROS", "OK TELESEGUROS"],
            "expenses:subscriptions": ["NETFLIX.COM", "SPOTIFY", "HBO MAX", "GINASIO FITNESS HUT"],
        },
        "card": ["COMPRA {m} {town}", "COMPRA {mask} {m} {town}", "{m} {town}", "PAG. {m}", "COMPRA ELEC {date} {m} {store}",
                 "{m} {store} {town}"],
        "card_stmt": ["{m} {town} PRT", "{m} {store}", "{m}"],
        "bill": ["DD {m} {ref}", "DEB. DIRECTO {m}", "PAG. {m} {ref}"],
        "refund": ["DEVOLUCAO {m}", "DEV. COMPRA {m} {town}"],
        "rent": ["TRF PARA {landlord} RENDA", "RENDA CASA {month}"],
        "landlords": ["JOAO PEREIRA", "IMOBILIARIA ALFACINHA"],
        "salary": ["TRF DE {emp} SALARIO", "VENCIMENTO {month} {emp}"],
        "employers": ["SONAE MC SGPS", "NOVABASE SA", "CGD SA"],
        "savings": ["TRF PARA POUPANCA", "TRANSF. P/ CONTA POUPANCA"],
        "card_payment": ["PAG. CARTAO CREDITO VISA", "LIQ. CARTAO CREDITO {mask}"],
        "tax_refund": ["REEMBOLSO IRS AT", "AUTORIDADE TRIBUTARIA REEMB IRS"],
        "p2p": ["MB WAY PARA {p}", "TRF MB WAY {p}"],
        "people": ["ANA SOUSA", "RUI COSTA", "MARTA LOPES", "PEDRO ALVES"],
        "cash": ["LEVANTAMENTO {town}", "LEV. ATM {store} {town}"],
        "fee": ["COMISSAO MANUTENCAO CONTA", "IMPOSTO SELO COMISSAO"],
        "oneoff_kinds": [("RESTAURANTE", "expenses:food:restaurants"), ("PASTELARIA", "expenses:food:coffee"),
                         ("LOJA", "expenses:shopping:home"), ("SAPATARIA", "expenses:shopping:clothing"),
                         ("FARMACIA", "expenses:health:pharmacy"), ("HOTEL", "expenses:travel"),
                         ("MERCEARIA", "expenses:food:groceries"), ("TABERNA", "expenses:food:restaurants")],
        "oneoff_names": ["DO BAIRRO", "SAO JOSE", "AVENIDA", "DA PRACA", "MARIA", "DO MAR", "FLOR DE LIS", "ESTRELA", "DO PORTO",
                         "BOM SUCESSO", "O CANTINHO", "SOL NASCENTE", "DOS AMIGOS", "DA SE"],
    },
    "ie": {
        "towns": ["DUBLIN", "CORK", "GALWAY", "LIMERICK", "SWORDS", "BRAY", "DUN LAOGHAIRE"],
        "merchants": {
            "expenses:food:groceries": ["TESCO STORES", "DUNNES STORES", "LIDL IRELAND", "ALDI", "SUPERVALU", "CENTRA"],
            "expenses:food:restaurants": ["BOOJUM", "NANDOS", "JUST EAT", "DELIVEROO", "THE BRAZEN HEAD", "BUNSEN"],
            "expenses:food:coffee": ["INSOMNIA COFFEE", "BUTLERS CHOCOLATE CAFE", "COSTA COFFEE", "STARBUCKS"],
            "expenses:transport:fuel": ["CIRCLE K", "APPLEGREEN", "MAXOL", "TOPAZ"],
            "expenses:transport:public": ["LEAP CARD TOP UP", "IRISH RAIL", "DUBLIN BUS", "FREENOW"],
            "expenses:health:pharmacy": ["BOOTS", "LLOYDS PHARMACY", "HICKEYS PHARMACY"],
            "expenses:shopping:clothing": ["PENNEYS", "ZARA", "TK MAXX", "DEPARTMENT 56"],
            "expenses:shopping:home": ["IKEA", "WOODIES", "EUROGIANT", "HARVEY NORMAN"],
            "expenses:shopping:electronics": ["CURRYS", "DID ELECTRICAL", "APPLE STORE"],
            "expenses:entertainment": ["CINEWORLD", "TICKETMASTER", "EASONS", "ODEON"],
            "expenses:travel": ["AER LINGUS", "RYANAIR", "BOOKING.COM", "IRISH FERRIES"],
            "expenses:personal-care": ["PEATS BARBERS", "TONI AND GUY"],
        },
        "bills": {
            "expenses:utilities:electricity": ["ELECTRIC IRELAND", "BORD GAIS ENERGY", "SSE AIRTRICITY"],
            "expenses:utilities:water": ["UISCE EIREANN"],
            "expenses:utilities:internet": ["EIR", "VIRGIN MEDIA", "VODAFONE IRELAND", "THREE IRELAND"],
            "expenses:insurance": ["VHI HEALTHCARE", "AVIVA INSURANCE", "LAYA HEALTHCARE"],
            "expenses:subscriptions": ["NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "FLYEFIT"],
        },
        "card": ["POS {m} {town}", "POS{date} {m}", "CARD PAYMENT TO {m} {town}", "VDP-{m}", "{m} {store} {town}", "VDC-{m} {store}"],
        "card_stmt": ["{m} {town} IE", "{m} {store}", "{m}"],
        "bill": ["DD {m} {ref}", "DIRECT DEBIT {m}", "D/D {m} {ref}"],
        "refund": ["REFUND {m}", "VDP REFUND {m} {town}"],
        "rent": ["365 ONLINE {landlord} RENT", "SO {landlord} RENT"],
        "landlords": ["SEAN MURPHY", "HOOKE AND MACDONALD"],
        "salary": ["{emp} SALARY", "CREDIT {emp} PAYROLL"],
        "employers": ["ACCENTURE IRELAND", "STRIPE PAYMENTS EUROPE", "HSE"],
        "savings": ["TO SAVINGS ACCOUNT", "TRANSFER TO SAVINGS {ref}"],
        "card_payment": ["VISA CARD PAYMENT", "CREDIT CARD REPAYMENT {mask}"],
        "tax_refund": ["REVENUE COMMISSIONERS REFUND", "REVENUE TAX REFUND"],
        "p2p": ["365 ONLINE {p}", "TO {p} REVOLUT"],
        "people": ["AOIFE KELLY", "CIARAN RYAN", "NIAMH BYRNE", "CONOR WALSH"],
        "cash": ["ATM {town} {store}", "CASH WDL {town}"],
        "fee": ["ACCOUNT MAINTENANCE FEE", "QUARTERLY FEES"],
        "oneoff_kinds": [("RESTAURANT", "expenses:food:restaurants"), ("CAFE", "expenses:food:coffee"),
                         ("HARDWARE", "expenses:shopping:home"), ("BOUTIQUE", "expenses:shopping:clothing"),
                         ("PHARMACY", "expenses:health:pharmacy"), ("HOTEL", "expenses:travel"),
                         ("SPAR", "expenses:food:groceries"), ("PUB", "expenses:food:restaurants")],
        "oneoff_names": ["OCONNELLS", "THE OLD MILL", "KEHOES", "MCGRATHS", "RIVERSIDE", "THE HARBOUR", "DOHERTYS", "GLENVIEW",
                         "ST STEPHENS", "CLANCYS", "THE CORNER", "KILLINEY", "BRADYS", "LIFFEY"],
    },
    "de": {
        "towns": ["BERLIN", "MUENCHEN", "HAMBURG", "KOELN", "FRANKFURT", "LEIPZIG", "STUTTGART"],
        "merchants": {
            "expenses:food:groceries": ["REWE", "EDEKA", "ALDI SUED", "LIDL", "NETTO MARKEN-DISCOUNT", "KAUFLAND"],
            "expenses:food:restaurants": ["VAPIANO", "LIEFERANDO", "BURGERMEISTER", "GASTHAUS ZUM LOEWEN", "DEAN AND DAVID"],
            "expenses:food:coffee": ["EINSTEIN KAFFEE", "TCHIBO", "BACKWERK", "BAECKEREI KAMPS"],
            "expenses:transport:fuel": ["ARAL", "SHELL", "TOTAL ENERGIES", "JET TANKSTELLE"],
            "expenses:transport:public": ["DB VERTRIEB", "BVG", "MVG", "FLIXBUS"],
            "expenses:health:pharmacy": ["APOTHEKE AM MARKT", "DM DROGERIE", "ROSSMANN"],
            "expenses:shopping:clothing": ["H+M", "C+A", "ZALANDO", "DEICHMANN"],
            "expenses:shopping:home": ["IKEA", "OBI", "BAUHAUS", "HORNBACH"],
            "expenses:shopping:electronics": ["MEDIAMARKT", "SATURN", "CYBERPORT"],
            "expenses:entertainment": ["CINEMAXX", "EVENTIM", "THALIA", "HUGENDUBEL"],
            "expenses:travel": ["LUFTHANSA", "EUROWINGS", "BOOKING.COM", "DB FERNVERKEHR"],
            "expenses:personal-care": ["FRISEUR KLIER", "BARBERSHOP ALI"],
        },
        "bills": {
            "expenses:utilities:electricity": ["VATTENFALL", "E.ON ENERGIE", "STADTWERKE"],
            "expenses:utilities:water": ["BERLINER WASSERBETRIEBE", "WASSERVERSORGUNG"],
            "expenses:utilities:internet": ["TELEKOM DEUTSCHLAND", "VODAFONE GMBH", "O2 TELEFONICA", "1UND1"],
            "expenses:insurance": ["HUK-COBURG", "ALLIANZ VERSICHERUNG", "TK TECHNIKER KRANKENKASSE"],
            "expenses:subscriptions": ["NETFLIX.COM", "SPOTIFY", "RUNDFUNK ARD ZDF", "MCFIT"],
        },
        "card": ["KARTENZAHLUNG {m} {town}", "{m} SAGT DANKE {store}", "GIROCARD {m} {store} {town}", "{m} {store} {town} {date}",
                 "VISA {m} {town}", "{m} // {town}"],
        "card_stmt": ["{m} {town} DE", "{m} {store}", "{m}"],
        "bill": ["LASTSCHRIFT {m} {ref}", "FOLGELASTSCHRIFT {m} KD-NR {ref}", "SEPA-BASISLASTSCHRIFT {m}"],
        "refund": ["GUTSCHRIFT {m}", "ERSTATTUNG {m} {ref}"],
        "rent": ["DAUERAUFTRAG MIETE {landlord}", "MIETE {month} {landlord}"],
        "landlords": ["VONOVIA SE", "HAUSVERWALTUNG SCHMIDT"],
        "salary": ["GEHALT {month} {emp}", "LOHN/GEHALT {emp}"],
        "employers": ["SIEMENS AG", "SAP SE", "DEUTSCHE BAHN AG"],
        "savings": ["UMBUCHUNG SPARKONTO", "UEBERTRAG AUF SPARKONTO {ref}"],
        "card_payment": ["KREDITKARTENABRECHNUNG VISA", "VISA ABRECHNUNG {mask}"],
        "tax_refund": ["FINANZAMT {town} EST-ERSTATTUNG", "FINANZAMT ERSTATTUNG EINKOMMENSTEUER"],
        "p2p": ["UEBERWEISUNG AN {p}", "PAYPAL {p}"],
        "people": ["ANNA MUELLER", "JONAS WEBER", "LENA SCHULZ", "TIM FISCHER"],
        "cash": ["BARGELDAUSZAHLUNG {town}", "GA NR{store} {town}"],
        "fee": ["KONTOFUEHRUNGSGEBUEHR", "ENTGELT KONTOFUEHRUNG"],
        "oneoff_kinds": [("RESTAURANT", "expenses:food:restaurants"), ("CAFE", "expenses:food:coffee"),
                         ("BAUMARKT", "expenses:shopping:home"), ("MODEHAUS", "expenses:shopping:clothing"),
                         ("APOTHEKE", "expenses:health:pharmacy"), ("HOTEL", "expenses:travel"),
                         ("BIOMARKT", "expenses:food:groceries"), ("PIZZERIA", "expenses:food:restaurants")],
        "oneoff_names": ["ZUR POST", "AM DOM", "LINDENHOF", "SONNENSCHEIN", "KRONE", "AM SEE", "ROSENGARTEN", "BERGBLICK",
                         "STADTMITTE", "ADLER", "BAHNHOF", "HIRSCH", "ALTSTADT", "EICHE"],
    },
    "nl": {
        "towns": ["AMSTERDAM", "UTRECHT", "ROTTERDAM", "DEN HAAG", "EINDHOVEN", "HAARLEM", "LEIDEN"],
        "merchants": {
            "expenses:food:groceries": ["ALBERT HEIJN", "JUMBO", "LIDL", "DIRK VD BROEK", "PLUS", "ALDI"],
            "expenses:food:restaurants": ["THUISBEZORGD", "FEBO", "VAPIANO", "EETCAFE DE ZWAAN", "UBER EATS"],
            "expenses:food:coffee": ["STARBUCKS", "COFFEECOMPANY", "BAKKERIJ BART", "LA PLACE"],
            "expenses:transport:fuel": ["SHELL", "TINQ", "ESSO", "TANGO"],
            "expenses:transport:public": ["NS GROEP", "GVB", "RET", "OV-CHIPKAART"],
            "expenses:health:pharmacy": ["APOTHEEK", "KRUIDVAT", "ETOS"],
            "expenses:shopping:clothing": ["HEMA", "C AND A", "PRIMARK", "ZEEMAN"],
            "expenses:shopping:home": ["IKEA", "GAMMA", "PRAXIS", "ACTION"],
            "expenses:shopping:electronics": ["COOLBLUE", "MEDIAMARKT", "BOL.COM"],
            "expenses:entertainment": ["PATHE", "TICKETMASTER", "BRUNA", "AKO"],
            "expenses:travel": ["KLM", "TRANSAVIA", "BOOKING.COM"],
            "expenses:personal-care": ["KAPSALON FLEUR", "BARBIER DE SNOR"],
        },
        "bills": {
            "expenses:utilities:electricity": ["VATTENFALL", "ENECO", "ESSENT"],
            "expenses:utilities:water": ["WATERNET", "VITENS"],
            "expenses:utilities:internet": ["ZIGGO", "KPN", "ODIDO"],
            "expenses:insurance": ["ZILVEREN KRUIS", "CENTRAAL BEHEER", "INTERPOLIS"],
            "expenses:subscriptions": ["NETFLIX.COM", "SPOTIFY", "VIDEOLAND", "BASIC-FIT"],
        },
        "card": ["BEA, APPLE PAY {m},PAS{card} {town}", "BEA NR:{store} {m} {town}", "{m} {town} NLD", "BEA {m} {store} {date}",
                 "IDEAL {m} {ref}", "{m} {store} {town}"],
        "card_stmt": ["{m} {town} NL", "{m} {store}", "{m}"],
        "bill": ["INCASSO {m} {ref}", "SEPA INCASSO ALGEMEEN DOORLOPEND {m}", "EUROPESE INCASSO {m} MACHTIGING {ref}"],
        "refund": ["TERUGBOEKING {m}", "RETOUR {m} {ref}"],
        "rent": ["HUUR {month} {landlord}", "OVERBOEKING HUUR {landlord}"],
        "landlords": ["WONINGSTICHTING YMERE", "J DE BOER VASTGOED"],
        "salary": ["SALARIS {month} {emp}", "SALARIS {emp}"],
        "employers": ["ASML NETHERLANDS BV", "ING BANK NV", "GEMEENTE UTRECHT"],
        "savings": ["OVERBOEKING SPAARREKENING", "NAAR ORANJE SPAARREKENING {ref}"],
        "card_payment": ["AFLOSSING CREDITCARD", "INCASSO CREDITCARD ICS {mask}"],
        "tax_refund": ["BELASTINGDIENST TERUGGAAF", "BELASTINGDIENST VOORLOPIGE TERUGGAAF"],
        "p2p": ["TIKKIE {p}", "OVERBOEKING NAAR {p}"],
        "people": ["SANNE DE VRIES", "DAAN BAKKER", "LOTTE JANSEN", "BRAM VISSER"],
        "cash": ["GEA NR:{store} {town}", "GELDAUTOMAAT {town}"],
        "fee": ["KOSTEN BETAALPAKKET", "ABN AMRO BANK BETAALPAKKET"],
        "oneoff_kinds": [("RESTAURANT", "expenses:food:restaurants"), ("CAFE", "expenses:food:coffee"),
                         ("BOUWMARKT", "expenses:shopping:home"), ("MODE", "expenses:shopping:clothing"),
                         ("APOTHEEK", "expenses:health:pharmacy"), ("HOTEL", "expenses:travel"),
                         ("TOKO", "expenses:food:groceries"), ("EETCAFE", "expenses:food:restaurants")],
        "oneoff_names": ["DE GOUDEN LEEUW", "HET HOEKJE", "DE MOLEN", "t PLEIN", "DE HAVEN", "ZONNEBLOEM", "DE LINDE",
                         "HET WAPEN", "DE KROON", "CENTRAAL", "AAN DE GRACHT", "DE BRUG", "HET STATION", "DE TULP"],
    },
    "es": {
        "towns": ["MADRID", "BARCELONA", "VALENCIA", "SEVILLA", "BILBAO", "MALAGA", "ZARAGOZA"],
        "merchants": {
            "expenses:food:groceries": ["MERCADONA", "CARREFOUR", "DIA", "LIDL", "EROSKI", "ALCAMPO"],
            "expenses:food:restaurants": ["TELEPIZZA", "GLOVO", "JUST EAT", "100 MONTADITOS", "CASA LUCIO", "VIPS"],
            "expenses:food:coffee": ["STARBUCKS", "CAFETERIA LA ESQUINA", "PANARIA", "GRANIER"],
            "expenses:transport:fuel": ["REPSOL", "CEPSA", "GALP", "BP ESPANA"],
            "expenses:transport:public": ["METRO DE MADRID", "RENFE", "EMT", "CABIFY"],
            "expenses:health:pharmacy": ["FARMACIA LICENCIADA", "FARMACIA SAN JOSE", "DRUNI"],
            "expenses:shopping:clothing": ["ZARA", "PRIMARK", "EL CORTE INGLES", "DECATHLON"],
            "expenses:shopping:home": ["IKEA", "LEROY MERLIN", "BRICOMART", "CASA"],
            "expenses:shopping:electronics": ["MEDIAMARKT", "PCCOMPONENTES", "FNAC"],
            "expenses:entertainment": ["CINESA", "YELMO CINES", "TICKETMASTER", "CASA DEL LIBRO"],
            "expenses:travel": ["IBERIA", "VUELING", "BOOKING.COM", "RENFE AVE"],
            "expenses:personal-care": ["PELUQUERIA MARISA", "BARBERIA EL TUPE"],
        },
        "bills": {
            "expenses:utilities:electricity": ["IBERDROLA", "ENDESA", "NATURGY"],
            "expenses:utilities:water": ["CANAL DE ISABEL II", "AGUAS DE VALENCIA"],
            "expenses:utilities:internet": ["MOVISTAR", "ORANGE ESPAGNE", "VODAFONE ESPANA", "DIGI"],
            "expenses:insurance": ["MAPFRE", "SANITAS", "LINEA DIRECTA"],
            "expenses:subscriptions": ["NETFLIX.COM", "SPOTIFY", "DAZN", "BASIC-FIT"],
        },
        "card": ["COMPRA TARJ. {mask} {m} {town}", "PAGO MOVIL EN {m}", "{m} {town} ES", "COMPRA EN {m}, CON LA TARJETA : {mask} EL {date}",
                 "COMPRA {m} {store}", "{m} {store} {town}"],
        "card_stmt": ["{m} {town} ESP", "{m} {store}", "{m}"],
        "bill": ["RECIBO {m} {ref}", "ADEUDO {m} REF {ref}", "RECIBO DOMICILIADO {m}"],
        "refund": ["DEVOLUCION COMPRA {m}", "ABONO {m} {ref}"],
        "rent": ["TRANSFERENCIA ALQUILER {landlord}", "ALQUILER {month} {landlord}"],
        "landlords": ["JAVIER MARTIN", "INMOBILIARIA SOL"],
        "salary": ["NOMINA {emp}", "TRANSFERENCIA NOMINA {month} {emp}"],
        "employers": ["TELEFONICA SA", "INDITEX SA", "BBVA SA"],
        "savings": ["TRASPASO A CUENTA AHORRO", "TRASPASO AHORRO {ref}"],
        "card_payment": ["LIQUIDACION TARJETA VISA", "CARGO TARJETA CREDITO {mask}"],
        "tax_refund": ["AEAT DEVOLUCION IRPF", "DEVOLUCION HACIENDA IRPF"],
        "p2p": ["BIZUM A {p}", "TRANSFERENCIA A {p}"],
        "people": ["MARIA GARCIA", "PABLO LOPEZ", "LUCIA SANCHEZ", "DAVID ROMERO"],
        "cash": ["REINTEGRO CAJERO {town}", "RETIRADA EFECTIVO {store} {town}"],
        "fee": ["COMISION MANTENIMIENTO", "COMISION ADMINISTRACION CUENTA"],
        "oneoff_kinds": [("RESTAURANTE", "expenses:food:restaurants"), ("CAFETERIA", "expenses:food:coffee"),
                         ("FERRETERIA", "expenses:shopping:home"), ("ZAPATERIA", "expenses:shopping:clothing"),
                         ("FARMACIA", "expenses:health:pharmacy"), ("HOTEL", "expenses:travel"),
                         ("FRUTERIA", "expenses:food:groceries"), ("BAR", "expenses:food:restaurants")],
        "oneoff_names": ["EL RINCON", "LA PLAZA", "SAN MIGUEL", "LOS AMIGOS", "EL PUERTO", "LA ALAMEDA", "DEL SOL", "LA ESTRELLA",
                         "EL OLIVO", "CASA PEPE", "LA FUENTE", "EL MOLINO", "SANTA ANA", "LA MARINA"],
    },
    "fr": {
        "towns": ["PARIS", "LYON", "MARSEILLE", "TOULOUSE", "NANTES", "LILLE", "BORDEAUX"],
        "merchants": {
            "expenses:food:groceries": ["CARREFOUR", "MONOPRIX", "LECLERC", "LIDL", "FRANPRIX", "INTERMARCHE"],
            "expenses:food:restaurants": ["UBER EATS", "DELIVEROO", "BRASSERIE LIPP", "BIG MAMMA", "BURGER KING", "LE BOUILLON CHARTIER"],
            "expenses:food:coffee": ["PAUL", "BOULANGERIE AMAND", "COLUMBUS CAFE", "STARBUCKS"],
            "expenses:transport:fuel": ["TOTALENERGIES", "ESSO", "AVIA", "STATION LECLERC"],
            "expenses:transport:public": ["RATP", "SNCF", "NAVIGO", "TCL"],
            "expenses:health:pharmacy": ["PHARMACIE DU CENTRE", "PHARMACIE DE LA GARE", "SEPHORA"],
            "expenses:shopping:clothing": ["ZARA", "KIABI", "DECATHLON", "CELIO"],
            "expenses:shopping:home": ["IKEA", "LEROY MERLIN", "CASTORAMA", "MAISONS DU MONDE"],
            "expenses:shopping:electronics": ["FNAC", "DARTY", "BOULANGER"],
            "expenses:entertainment": ["UGC", "PATHE", "FNAC BILLETTERIE", "CULTURA"],
            "expenses:travel": ["AIR FRANCE", "SNCF VOYAGEURS", "BOOKING.COM"],
            "expenses:personal-care": ["COIFFEUR DESSANGE", "BARBIER LOUIS"],
        },
        "bills": {
            "expenses:utilities:electricity": ["EDF", "ENGIE", "TOTALENERGIES ELEC"],
            "expenses:utilities:water": ["VEOLIA EAU", "EAU DE PARIS"],
            "expenses:utilities:internet": ["ORANGE SA", "FREE MOBILE", "SFR", "BOUYGUES TELECOM"],
            "expenses:insurance": ["MAIF", "AXA FRANCE", "MUTUELLE HARMONIE"],
            "expenses:subscriptions": ["NETFLIX.COM", "SPOTIFY", "CANAL+", "BASIC FIT"],
        },
        "card": ["CB {m} {date} {town}", "PAIEMENT PAR CARTE {m} {town}", "ACHAT CB {m} {date} CARTE {mask}", "CARTE X{card} {date} {m}",
                 "{m} {store} {town}", "CB*{card} {m}"],
        "card_stmt": ["{m} {town} FR", "{m} {store}", "{m}"],
        "bill": ["PRLV SEPA {m} {ref}", "PRELEVEMENT {m} ECH {date}", "PRLV {m}"],
        "refund": ["REMBOURSEMENT CB {m}", "AVOIR {m} {ref}"],
        "rent": ["VIR PERMANENT LOYER {landlord}", "LOYER {month} {landlord}"],
        "landlords": ["SCI LES TILLEULS", "FONCIA"],
        "salary": ["VIR SALAIRE {emp}", "VIREMENT SALAIRE {month} {emp}"],
        "employers": ["CAPGEMINI", "SNCF", "BNP PARIBAS"],
        "savings": ["VIR VERS LIVRET A", "VIREMENT LIVRET A {ref}"],
        "card_payment": ["PRLV CARTE VISA DEBIT DIFFERE", "RELEVE CARTE {mask}"],
        "tax_refund": ["VIR DGFIP REMBOURSEMENT IMPOT", "DGFIP FINANCES PUBLIQUES REMB"],
        "p2p": ["VIR INST A {p}", "LYDIA {p}"],
        "people": ["MARIE DUBOIS", "LUCAS MARTIN", "CHLOE BERNARD", "HUGO PETIT"],
        "cash": ["RETRAIT DAB {date} {town}", "RETRAIT {store} {town}"],
        "fee": ["FRAIS TENUE DE COMPTE", "COTISATION CARTE"],
        "oneoff_kinds": [("RESTAURANT", "expenses:food:restaurants"), ("CAFE", "expenses:food:coffee"),
                         ("QUINCAILLERIE", "expenses:shopping:home"), ("BOUTIQUE", "expenses:shopping:clothing"),
                         ("PHARMACIE", "expenses:health:pharmacy"), ("HOTEL", "expenses:travel"),
                         ("EPICERIE", "expenses:food:groceries"), ("BISTROT", "expenses:food:restaurants")],
        "oneoff_names": ["DU MARCHE", "LE PETIT ZINC", "DE LA PLACE", "SAINT MICHEL", "DES ARTS", "LE CENTRAL", "DU PORT",
                         "LA FONTAINE", "DES AMIS", "LE MOULIN", "DU COIN", "BELLEVUE", "LES HALLES", "DE LA GARE"],
    },
}

MONTHS = {
    "pt": "JAN FEV MAR ABR MAI JUN JUL AGO SET OUT NOV DEZ", "ie": "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC",
    "de": "JAN FEB MAE APR MAI JUN JUL AUG SEP OKT NOV DEZ", "nl": "JAN FEB MRT APR MEI JUN JUL AUG SEP OKT NOV DEC",
    "es": "ENE FEB MAR ABR MAY JUN JUL AGO SEP OCT NOV DIC", "fr": "JANV FEVR MARS AVR MAI JUIN JUIL AOUT SEPT OCT NOV DEC",
}

# Visits per month for each spending category (recurring merchants), and whether the card pays.
FREQUENCY = {
    "expenses:food:restaurants": 3, "expenses:food:coffee": 4, "expenses:transport:fuel": 2,
    "expenses:transport:public": 3, "expenses:health:pharmacy": 1, "expenses:shopping:clothing": 0.7,
    "expenses:shopping:home": 0.7, "expenses:shopping:electronics": 0.25, "expenses:entertainment": 1,
    "expenses:travel": 0.3, "expenses:personal-care": 0.8,
}
ON_CARD = {"expenses:food:restaurants", "expenses:shopping:clothing", "expenses:shopping:electronics",
           "expenses:entertainment", "expenses:travel"}
BILL_AMOUNTS = {
    "expenses:utilities:electricity": (35, 110, True), "expenses:utilities:water": (15, 40, True),
    "expenses:utilities:internet": (30, 60, False), "expenses:insurance": (25, 90, False),
    "expenses:subscriptions": (7.99, 17.99, False),
}


class Household:
    def __init__(self, seed, country, years):
        self.rng = random.Random(f"{country}-{seed}")
        self.seed, self.country, self.c = seed, country, COUNTRIES[country]
        self.months = MONTHS[country].split()
        self.start = dt.date(2025 - years, 1, 1)
        self.end = dt.date(2024, 12, 31)
        self.card4 = f"{self.rng.randrange(1000, 9999)}"
        self.txns = []
        self.ids = set()

    # --- text -----------------------------------------------------------------
    def fill(self, template, day, m="", **extra):
        r = self.rng
        values = {
            "m": m, "town": r.choice(self.c["towns"]), "store": str(r.randrange(1, 9999)).zfill(r.choice([3, 4])),
            "date": r.choice([day.strftime("%d/%m"), day.strftime("%d.%m"), day.strftime("%d%m"), day.strftime("%d-%m-%y")]),
            "mask": r.choice([f"****{self.card4}", f"XXXX{self.card4}", f"*{self.card4}", f"{self.card4[:2]}XX XXXX {self.card4}"]),
            "card": self.card4, "ref": str(r.randrange(10 ** 5, 10 ** 9)), "month": self.months[day.month - 1] + r.choice(["", f" {day.year}"]),
        }
        values.update(extra)
        words = []
        for w in template.format(**values).split():
            if not words or w != words[-1]:  # no "ALMADA ALMADA" when a name ends with the town
                words.append(w)
        return " ".join(words)

    def add(self, day, desc, category, own, amount):
        amount = Decimal(amount).quantize(Decimal("0.01"))
        if amount == 0:
            amount = Decimal("-1.00")
        self.txns.append((day, desc, category, own, amount))

    def amount(self, low, high):
        # Log-ish spread: more small amounts than large.
        x = self.rng.random() ** 1.6
        return Decimal(str(round(low + (high - low) * x, 2)))

    def days(self):
        d = self.start
        while d <= self.end:
            yield d
            d += dt.timedelta(days=1)

    def month_starts(self):
        d = self.start
        while d <= self.end:
            yield d
            d = (d.replace(day=28) + dt.timedelta(days=4)).replace(day=1)

    # --- the household --------------------------------------------------------
    def build(self):
        r, c = self.rng, self.c
        # Recurring merchants: 1-3 per spending category, one or two names per bill category.
        merchants = {}
        for cat, names in c["merchants"].items():
            k = {"expenses:food:groceries": 3, "expenses:food:restaurants": 3}.get(cat, r.choice([1, 1, 2]))
            merchants[cat] = r.sample(names, min(k, len(names)))
        bills = {cat: r.sample(names, 1) for cat, names in c["bills"].items()}
        bills["expenses:subscriptions"] = r.sample(c["bills"]["expenses:subscriptions"], r.choice([2, 3]))
        # Some merchants appear under a second spelling (a sub-brand or shortened name).
        alias = {}
        for cat, names in merchants.items():
            for n in names:
                words = n.split()
                if len(words) > 1 and r.random() < 0.5:
                    alias[n] = [n, words[0] if len(words[0]) > 3 else n, n]
        spelled = lambda n: r.choice(alias.get(n, [n]))
        recurring = [(cat, n) for cat, ns in merchants.items() for n in ns]
        purchases = []  # (day, merchant, category, own, amount) for refunds

        def spend(day, cat, name):
            low, high = AMOUNTS[cat]
            own = CARD if cat in ON_CARD and r.random() < 0.8 else CHECKING
            tpl = r.choice(c["card_stmt"] if own == CARD else c["card"])
            amt = -self.amount(low, high)
            self.add(day, self.fill(tpl, day, spelled(name)), cat, own, amt)
            purchases.append((day, name, cat, own, amt))

        # How busy the household is: scales the discretionary spending.
        activity = r.uniform(0.35, 0.9)
        # Weekly groceries (a main shop) plus occasional top-ups.
        shop_day = r.randrange(5, 7)
        groceries = merchants["expenses:food:groceries"]
        for day in self.days():
            if day.weekday() == shop_day or r.random() < 0.06 * activity:
                spend(day, "expenses:food:groceries", groceries[0] if r.random() < 0.6 else r.choice(groceries))
        # Other recurring spending, by monthly frequency.
        for month in self.month_starts():
            for cat, per_month in FREQUENCY.items():
                per_month *= activity
                n = int(per_month) + (1 if r.random() < per_month - int(per_month) else 0)
                for _ in range(n):
                    day = month + dt.timedelta(days=r.randrange(0, 28))
                    spend(day, cat, r.choice(merchants[cat]))
        # Monthly life: salary, rent, bills, subscriptions, fees, savings, card repayment.
        emp, landlord = r.choice(c["employers"]), r.choice(c["landlords"])
        salary = Decimal(r.randrange(1800, 4200))
        rent = Decimal(r.randrange(650, 1500))
        sal_tpl, rent_tpl, sav_tpl = r.choice(c["salary"]), r.choice(c["rent"]), r.choice(c["savings"])
        bill_tpl = {cat: r.choice(c["bill"]) for cat in bills}
        for month in self.month_starts():
            pay = month.replace(day=min(28, 20 + r.randrange(0, 6)))
            bonus = salary if month.month in (6, 12) and self.country in ("pt", "es") else 0
            self.add(pay, self.fill(sal_tpl, pay, emp=emp), "income:salary", CHECKING, salary + bonus)
            d = month.replace(day=1 + r.randrange(0, 4))
            self.add(d, self.fill(rent_tpl, d, landlord=landlord), "expenses:housing:rent", CHECKING, -rent)
            for cat, names in bills.items():
                low, high, varies = BILL_AMOUNTS[cat]
                if cat == "expenses:utilities:water" and month.month % 2:
                    continue  # water every other month
                for i, name in enumerate(names):
                    d = month.replace(day=5 + 3 * i + r.randrange(0, 6))
                    base = Decimal(str(round(low + (high - low) * ((int(hashlib.sha1(name.encode()).hexdigest(), 16) % 100) / 100), 2)))
                    amt = self.amount(low, high) if varies else base
                    own = CARD if cat == "expenses:subscriptions" and i % 2 else CHECKING
                    tpl = r.choice(c["card_stmt"]) if own == CARD else bill_tpl[cat]
                    self.add(d, self.fill(tpl, d, name), cat, own, -amt)
            d = month.replace(day=1)
            self.add(d, self.fill(r.choice(c["fee"]), d), "expenses:fees:bank", CHECKING, -Decimal(r.choice(["4.16", "5.20", "6.24"])))
            d = pay + dt.timedelta(days=r.randrange(1, 4))
            if r.random() < 0.8:
                self.add(d, self.fill(sav_tpl, d), SAVINGS, CHECKING, -Decimal(r.choice([100, 150, 200, 250, 300, 500])))
            d = month.replace(day=12 + r.randrange(0, 4))
            self.add(d, self.fill(r.choice(c["card_payment"]), d), CARD, CHECKING, -self.amount(150, 900))
            # Person to person: the same person is sometimes a gift, sometimes a shared dinner.
            for _ in range(r.choice([0, 1, 1, 2])):
                d = month + dt.timedelta(days=r.randrange(0, 28))
                person = r.choice(c["people"][:3])
                cat = "expenses:gifts" if r.random() < 0.5 else "expenses:food:restaurants"
                self.add(d, self.fill(r.choice(c["p2p"]), d, p=person), cat, CHECKING, -self.amount(5, 60))
            if r.random() < 0.7:
                d = month + dt.timedelta(days=r.randrange(0, 28))
                self.add(d, self.fill(r.choice(c["cash"]), d), "expenses:cash", CHECKING, -Decimal(r.choice([20, 40, 50, 60, 100])))
        # Yearly tax refund.
        for year in range(self.start.year, self.end.year + 1):
            d = dt.date(year, r.choice([5, 6, 7, 8]), r.randrange(1, 28))
            self.add(d, self.fill(r.choice(c["tax_refund"]), d), "income:tax-refund", CHECKING, self.amount(80, 1200))
        # Refunds: a few purchases come back, whole or in part.
        for day, name, cat, own, amt in r.sample(purchases, max(3, len(purchases) // 60)):
            d = day + dt.timedelta(days=r.randrange(2, 20))
            if d > self.end:
                continue
            back = -amt if r.random() < 0.6 else (-amt * Decimal("0.5")).quantize(Decimal("0.01"))
            self.add(d, self.fill(r.choice(c["refund"]), d, name), cat, own, back)
        # ~15% one-off merchants, each seen once.
        regular = len(self.txns)
        used = set()  # shop names (kind + name), and the towns of shops that share one
        for _ in range(int(regular * 0.15 / 0.85)):
            for _attempt in range(100):
                kind, cat = r.choice(c["oneoff_kinds"])
                name = f"{kind} {r.choice(c['oneoff_names'])}"
                if name not in used:
                    break
                # Same shop name in another town: a different shop.
                town = r.choice(c["towns"])
                if (name, town) not in used:
                    used.add((name, town))
                    name = f"{name} {town}"
                    break
            used.add(name)
            day = self.start + dt.timedelta(days=r.randrange(0, (self.end - self.start).days + 1))
            low, high = AMOUNTS[cat]
            own = CARD if r.random() < 0.3 else CHECKING
            tpl = r.choice(c["card_stmt"] if own == CARD else c["card"])
            self.add(day, self.fill(tpl, day, name), cat, own, -self.amount(low, high))
        self.txns.sort(key=lambda t: (t[0], t[1]))
        self.recurring_count = len(recurring)

    # --- output ---------------------------------------------------------------
    def tid(self, n):
        while True:
            h = hashlib.sha1(f"{self.country}|{self.seed}|{n}".encode()).hexdigest()[:16]
            if h not in self.ids:
                self.ids.add(h)
                return h
            n = f"{n}+"

    def write(self, outdir):
        os.makedirs(outdir, exist_ok=True)
        with open(os.path.join(outdir, "rules.rules"), "w") as f:
            f.write(f"# Own accounts of a synthetic {self.country.upper()} household (seed {self.seed}).\n\n")
            f.write(f"account {CHECKING}\n  type checking\n  currency EUR\n\n")
            f.write(f"account {SAVINGS}\n  type savings\n  currency EUR\n\n")
            f.write(f"account {CARD}\n  type card\n  currency EUR\n")
        blocks = []
        for n, (day, desc, cat, own, amt) in enumerate(self.txns):
            rule = "r-" + cat.split(":")[-1]
            blocks.append(f"{day} * {desc}\n    ; id: {self.tid(n)}\n    ; rule: {rule}\n"
                          f"    {cat:<40} {-amt:>12.2f} EUR\n    {own:<40} {amt:>12.2f} EUR\n")
        with open(os.path.join(outdir, "ledger.journal"), "w") as f:
            f.write("\n".join(blocks))


def main():
    p = argparse.ArgumentParser(description="Write a synthetic categorized household ledger.")
    p.add_argument("outdir")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--country", choices=sorted(COUNTRIES), required=True)
    p.add_argument("--years", type=int, default=3)
    a = p.parse_args()
    h = Household(a.seed, a.country, a.years)
    h.build()
    h.write(a.outdir)
    cats = {t[2] for t in h.txns}
    print(f"{a.outdir}: {len(h.txns)} transactions, {h.recurring_count} recurring merchants, {len(cats)} categories")


if __name__ == "__main__":
    sys.exit(main())
